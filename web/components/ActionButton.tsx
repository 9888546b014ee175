import type { ReactNode } from 'react';

export interface ActionButtonProps {
  children: ReactNode;
  type?: 'button' | 'submit';
  variant?: 'primary' | 'secondary' | 'danger';
  /**
   * Shows a spinner and ignores presses. Marked with aria-disabled rather than disabled: a disabled button
   * drops the keyboard focus, which would leave a dialog that Escape no longer closes.
   */
  isPending?: boolean;
  isDisabled?: boolean;
  /** The compact size of buttons in a list's rows. */
  isSmall?: boolean;
  testId?: string;
  /** An accessible name that says more than the text (which item it acts on). */
  ariaLabel?: string;
  onPress?: () => void;
}

const VARIANT_CLASSES = {
  primary: 'button',
  secondary: 'button button-secondary',
  danger: 'button button-danger',
} as const;

export function ActionButton({
  children,
  type = 'button',
  variant = 'primary',
  isPending = false,
  isDisabled = false,
  isSmall = false,
  testId,
  ariaLabel,
  onPress,
}: ActionButtonProps) {
  return (
    <button
      type={type}
      className={isSmall ? `${VARIANT_CLASSES[variant]} button-small` : VARIANT_CLASSES[variant]}
      data-testid={testId}
      aria-label={ariaLabel}
      disabled={isDisabled}
      aria-disabled={isPending || undefined}
      aria-busy={isPending || undefined}
      onClick={(event) => {
        if (isPending) event.preventDefault();
        else onPress?.();
      }}
    >
      {isPending && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
