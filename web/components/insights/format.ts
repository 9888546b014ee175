import { useMemo } from 'react';
import { weekFormat } from '../../../shared/insights-charts.js';
import { useLanguage } from '../../i18n/useLanguage';
import { dateTimeFormat, numberFormat } from '../../lib/intlFormat';

/** Numbers, shares (0–1 as percents) and calendar days (`YYYY-MM-DD`, formatted in UTC so no offset moves them). */
export function useInsightsFormat() {
  const { language } = useLanguage();
  return useMemo(() => {
    const number = numberFormat(language);
    const percent = numberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const points = numberFormat(language, { maximumFractionDigits: 1, signDisplay: 'always' });
    const date = dateTimeFormat(language, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const average = numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const week = weekFormat(language);
    return {
      number: (n: number) => number.format(n),
      share: (n: number | null) => (n === null ? '—' : percent.format(n)),
      /** A difference of two shares in percentage points, signed. */
      points: (n: number) => points.format(n * 100),
      day: (day: string) => date.format(new Date(`${day}T00:00:00Z`)),
      /** A week's average rating, two decimals. */
      average: (n: number | null) => (n === null ? '—' : average.format(n)),
      /** A week by its Monday, as the charts' axes print it. */
      week,
    };
  }, [language]);
}
