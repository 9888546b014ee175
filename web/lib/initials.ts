/** Up to two letters for an avatar without a photo: the name's initials, else the email's first letter. */
export function initialsOf({ first_name, last_name, email }: { first_name: string; last_name: string; email: string }) {
  return (first_name.charAt(0) + last_name.charAt(0) || email.charAt(0)).toUpperCase();
}
