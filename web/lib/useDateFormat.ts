import { useMemo } from 'react';
import { useLanguage } from '../i18n/useLanguage';

/** Formats ISO dates as a medium date (and a short time) in the dashboard's language; an unparsable value gives ''. */
export function useDateFormat(withTime = false): (iso: string) => string {
  const { language } = useLanguage();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', ...(withTime && { timeStyle: 'short' }) });
    return (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? '' : format.format(date);
    };
  }, [language, withTime]);
}
