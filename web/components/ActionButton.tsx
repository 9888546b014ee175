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
  testId?: string;
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
  testId,
  onPress,
}: ActionButtonProps) {
  return (
    <button
      type={type}
      className={VARIANT_CLASSES[variant]}
      data-testid={testId}
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
