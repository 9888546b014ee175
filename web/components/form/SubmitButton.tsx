import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
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
    <Button
      type="submit"
      className="button submit-button"
      isDisabled={isDisabled || isPending || !hydrated}
      data-pending={isPending || undefined}
    >
      {isPending && <span className="spinner" aria-hidden="true" />}
      {children}
    </Button>
  );
}
