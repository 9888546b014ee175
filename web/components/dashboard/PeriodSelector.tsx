import { useTranslation } from 'react-i18next';
import { DASHBOARD_PERIODS, type TDashboardPeriod } from '../../../shared/constants.js';
import { useLanguage } from '../../i18n/useLanguage';
import { SegmentedControl } from '../SegmentedControl';

/** SPEC §2: one period for the whole dashboard, its four figures and both charts. */
export function PeriodSelector({
  value,
  onChange,
}: {
  value: TDashboardPeriod;
  onChange: (days: TDashboardPeriod) => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(language);
  return (
    <SegmentedControl
      label={t('dashboard.period.label')}
      testId="period-selector"
      value={value}
      onChange={onChange}
      options={DASHBOARD_PERIODS.map((days) => ({
        value: days,
        content: t('dashboard.period.days', { days: number.format(days) }),
      }))}
    />
  );
}
