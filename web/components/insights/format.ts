import { useMemo } from 'react';
import { useLanguage } from '../../i18n/useLanguage';

/** Numbers, shares (0–1 as percents) and calendar days (`YYYY-MM-DD`, formatted in UTC so no offset moves them). */
export function useInsightsFormat() {
  const { language } = useLanguage();
  return useMemo(() => {
    const number = new Intl.NumberFormat(language);
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const points = new Intl.NumberFormat(language, { maximumFractionDigits: 1, signDisplay: 'always' });
    const date = new Intl.DateTimeFormat(language, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const week = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    return {
      number: (n: number) => number.format(n),
      share: (n: number | null) => (n === null ? '—' : percent.format(n)),
      /** A difference of two shares in percentage points, signed. */
      points: (n: number) => points.format(n * 100),
      day: (day: string) => date.format(new Date(`${day}T00:00:00Z`)),
      week: (day: string) => week.format(new Date(`${day}T00:00:00Z`)),
    };
  }, [language]);
}
