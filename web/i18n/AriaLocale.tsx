import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { useLanguage } from './useLanguage';

/**
 * react-aria's built-in strings (e.g. a dialog's dismiss button) in the dashboard's language. Around what uses
 * react-aria (the overlays, the widget settings page) rather than the whole app, so other pages load none of it.
 */
export function AriaLocale({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  return <I18nProvider locale={language}>{children}</I18nProvider>;
}
