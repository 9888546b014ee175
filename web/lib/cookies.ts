const PREFERENCE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Preference cookies (theme, language) are read by the server so SSR renders the user's choice. */
export function setPreferenceCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${PREFERENCE_MAX_AGE_S}; SameSite=Lax`;
}

export function clearCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}
