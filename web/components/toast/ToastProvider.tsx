import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { TOAST_AUTO_HIDE_MS } from '../../../shared/constants.js';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../icons';

export type TToastSeverity = 'info' | 'success' | 'warning' | 'error';

interface ToastItem {
  id: number;
  message: string;
  severity: TToastSeverity;
  kind: string;
}

export interface ToastOptions {
  /**
   * What the toast is about (e.g. the reviews filter): a new toast of the same kind replaces the one showing, so
   * quick clicks never stack. Defaults to the message itself.
   */
  kind?: string;
}

interface ToastContextValue {
  /** `message` is shown as given: pass text that is already translated. */
  showToast: (message: string, severity?: TToastSeverity, options?: ToastOptions) => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

const SEVERITY_ICONS = {
  info: InfoIcon,
  success: SuccessIcon,
  warning: WarningIcon,
  error: ErrorIcon,
} satisfies Record<TToastSeverity, () => ReactNode>;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const lastId = useRef(0);

  const showToast = useCallback((message: string, severity: TToastSeverity = 'info', options: ToastOptions = {}) => {
    lastId.current += 1;
    const toast = { id: lastId.current, message, severity, kind: options.kind ?? message };
    // The newest goes last, with its own 6 seconds.
    setToasts((list) => [...list.filter((other) => other.kind !== toast.kind), toast]);
  }, []);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const value = useMemo(() => ({ showToast }), [showToast]);

  return (
    <ToastContext value={value}>
      {children}
      {/* Always rendered, so screen readers are already watching the region when a toast arrives. */}
      <div className="toast-region" aria-live="polite">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const t = useT();
  const SeverityIcon = SEVERITY_ICONS[toast.severity];

  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), TOAST_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, onDismiss]);

  return (
    <div
      className="toast"
      role={toast.severity === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      data-toast-id={toast.id}
      data-severity={toast.severity}
    >
      <SeverityIcon />
      <p className="toast-message">{toast.message}</p>
      <button type="button" className="icon-button" aria-label={t('toast.close')} onClick={() => onDismiss(toast.id)}>
        <CloseIcon />
      </button>
    </div>
  );
}

export function useToast(): ToastContextValue {
  const value = use(ToastContext);
  if (!value) throw new Error('useToast() must be used inside <ToastProvider>');
  return value;
}
