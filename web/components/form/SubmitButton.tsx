import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/useHydrated';

export interface SubmitButtonProps {
  children: ReactNode;
  /** Shows a spinner; the button is disabled meanwhile. */
  isPending?: boolean;
  isDisabled?: boolean;
}

export function SubmitButton({ children, isPending = false, isDisabled = false }: SubmitButtonProps) {
  // Disabled until hydrated: a native submit before React takes over would send the form as a GET,
  // credentials in the URL.
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className="button submit-button"
      disabled={isDisabled || isPending || !hydrated}
      data-pending={isPending || undefined}
    >
      {isPending && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
