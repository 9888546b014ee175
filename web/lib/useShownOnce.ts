import { useState } from 'react';

/**
 * What a dialog shows once (a secret just made), forgotten when the dialog opens again rather than as it closes: its
 * exit would otherwise show the form behind it.
 */
export function useShownOnce<T>(isOpen: boolean): [T | null, (value: T | null) => void] {
  const [shown, setShown] = useState<T | null>(null);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setShown(null);
  }
  return [shown, setShown];
}
