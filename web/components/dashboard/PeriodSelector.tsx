import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { TDashboardPeriod } from '../../../shared/analytics.js';
import { DASHBOARD_PERIODS } from '../../../shared/constants.js';
import { useLanguage } from '../../i18n/useLanguage';

/** SPEC §2: one period for both charts; a single-choice group (radios to assistive technology). */
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
    <ToggleButtonGroup
      className="segmented"
      data-testid="period-selector"
      aria-label={t('dashboard.period.label')}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys) => {
        const [key] = keys;
        if (key !== undefined) onChange(Number(key) as TDashboardPeriod);
      }}
    >
      {DASHBOARD_PERIODS.map((days) => (
        <ToggleButton key={days} id={days} className="segmented-option" data-value={days}>
          {t('dashboard.period.days', { days: number.format(days) })}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
