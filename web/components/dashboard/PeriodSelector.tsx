import { useT } from '../../i18n/useT';
import { DASHBOARD_PERIODS, type TDashboardPeriod } from '../../../shared/constants.js';
import { useLanguage } from '../../i18n/useLanguage';
import { SegmentedControl } from '../SegmentedControl';
import { numberFormat } from '../../lib/intlFormat';

/** SPEC §2: one period for the whole dashboard, its four figures and both charts; `periods` offers fewer. */
export function PeriodSelector<P extends TDashboardPeriod>({
  value,
  onChange,
  periods = DASHBOARD_PERIODS as readonly TDashboardPeriod[] as readonly P[],
}: {
  value: P;
  onChange: (days: P) => void;
  periods?: readonly P[];
}) {
  const t = useT();
  const { language } = useLanguage();
  const number = numberFormat(language);
  return (
    <SegmentedControl
      label={t('dashboard.period.label')}
      testId="period-selector"
      value={value}
      onChange={onChange}
      options={periods.map((days) => ({
        value: days,
        content: t('dashboard.period.days', { days: number.format(days) }),
      }))}
    />
  );
}
