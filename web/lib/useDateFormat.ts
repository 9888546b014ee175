import { useLanguage } from '../i18n/useLanguage';
import { dateTimeFormat } from './intlFormat';

const isoFormatters = new WeakMap<Intl.DateTimeFormat, (iso: string | null | undefined) => string>();

/**
 * Formats ISO dates as a medium date (and a short time) in the dashboard's language, in the browser's time zone or
 * in UTC; an unparsable or empty value gives ''. The function is the same one for as long as the language is.
 */
export function useDateFormat(withTime = false, timeZone?: 'UTC'): (iso: string | null | undefined) => string {
  const format = dateTimeFormat(useLanguage().language, {
    dateStyle: 'medium',
    ...(withTime && { timeStyle: 'short' }),
    ...(timeZone && { timeZone }),
  });
  let formatIso = isoFormatters.get(format);
  if (!formatIso) {
    formatIso = (iso) => {
      const date = new Date(iso ?? '');
      return Number.isNaN(date.getTime()) ? '' : format.format(date);
    };
    isoFormatters.set(format, formatIso);
  }
  return formatIso;
}
