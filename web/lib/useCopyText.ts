import { useCallback, useEffect, useRef, useState } from 'react';

const COPIED_MS = 2000;

/**
 * Copies a text to the clipboard with a short-lived "copied" state. Clipboard access can be refused (no permission,
 * an insecure origin): `copyFailed` is then set and the element in `targetRef` is selected for a manual copy.
 */
export function useCopyText<T extends HTMLElement>() {
  const targetRef = useRef<T>(null);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopyFailed(false);
      setCopied(true);
    } catch {
      setCopied(false);
      setCopyFailed(true);
      selectContents(targetRef.current);
    }
  }, []);

  return { targetRef, copied, copyFailed, copy };
}

function selectContents(element: HTMLElement | null): void {
  const selection = window.getSelection();
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}
