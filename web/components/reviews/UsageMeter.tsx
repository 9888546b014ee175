import { useId } from 'react';
import { useT } from '../../i18n/useT';
import { UPGRADE_THRESHOLDS } from '../../../shared/constants.js';
import type { TUsageMeter } from '../../../shared/billing.js';
import { useLanguage } from '../../i18n/useLanguage';
import { numberFormat } from '../../lib/intlFormat';

export type TUsageLevel = 'primary' | 'warning' | 'error';

/** SPEC §4 Upgrade widget: error at 90 % or more, warning at 70 % or more. */
export function widgetUsageLevel(percentage: number): TUsageLevel {
  if (percentage >= UPGRADE_THRESHOLDS.error) return 'error';
  return percentage >= UPGRADE_THRESHOLDS.warning ? 'warning' : 'primary';
}

/** SPEC §4: the limit modal's bar turns error above 90 %. */
export function limitUsageLevel(percentage: number): TUsageLevel {
  return percentage > UPGRADE_THRESHOLDS.error ? 'error' : 'primary';
}

export interface UsageMeterProps {
  kind: 'active' | 'total' | 'requests';
  meter: Pick<TUsageMeter, 'current' | 'max' | 'unlimited' | 'percentage'>;
  level: (percentage: number) => TUsageLevel;
}

/** "current / max" with a bar, or "current / unlimited" with none. */
export function UsageMeter({ kind, meter, level }: UsageMeterProps) {
  const t = useT();
  const { language } = useLanguage();
  const labelId = useId();
  const number = numberFormat(language);
  const current = number.format(meter.current);
  const limited = !meter.unlimited && meter.max !== null;

  return (
    <div className="usage-meter" data-testid={`usage-${kind}`} data-level={level(meter.percentage)}>
      <div className="usage-meter-head">
        <span id={labelId}>{t(`reviews.usage.${kind}`)}</span>
        <span className="usage-meter-value">
          {limited && meter.max !== null
            ? t('reviews.usage.count', { current, max: number.format(meter.max) })
            : t('reviews.usage.unlimited', { current })}
        </span>
      </div>
      {limited && (
        <progress
          className="usage-meter-bar"
          aria-labelledby={labelId}
          value={Math.min(Math.max(meter.percentage, 0), 100)}
          max={100}
        />
      )}
    </div>
  );
}
