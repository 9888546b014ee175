import { useLanguage } from '../i18n/useLanguage';

/**
 * One formatter per language and style, shared by every component and every server render: making an
 * Intl.DateTimeFormat costs more than formatting a hundred dates, and a list of reviews asks for one per row.
 */
const formatters = new Map<string, (iso: string) => string>();

function dateFormatOf(language: string, withTime: boolean): (iso: string) => string {
  const key = `${language}|${withTime}`;
  let formatIso = formatters.get(key);
  if (!formatIso) {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', ...(withTime && { timeStyle: 'short' }) });
    formatIso = (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? '' : format.format(date);
    };
    formatters.set(key, formatIso);
  }
  return formatIso;
}

/** Formats ISO dates as a medium date (and a short time) in the dashboard's language; an unparsable value gives ''. */
export function useDateFormat(withTime = false): (iso: string) => string {
  return dateFormatOf(useLanguage().language, withTime);
}
