import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import { navigate } from 'vike/client/router';
import { INSIGHTS_PERIODS } from '../../../shared/insights-options.js';
import type { TDateRange } from '../../../shared/insights.js';
import { rangeParams, type TInsightsRange } from '../../api/insights';
import { useInsightsFormat } from './format';

const href = (range: TInsightsRange) => `/insights?${new URLSearchParams(rangeParams(range))}`;

/**
 * The range is the page's URL (`?days=` or `?start=&end=`), so the server draws any range and a link shares it:
 * the periods are links, the custom dates a GET form — both work before the page's JavaScript runs, and after it
 * the client router takes them.
 */
export function RangePicker({
  range,
  shown,
  previous,
}: {
  range: TInsightsRange;
  shown?: TDateRange;
  previous?: TDateRange;
}) {
  const t = useT();
  const format = useInsightsFormat();
  const custom = !('days' in range);
  const [start, setStart] = useState(shown?.start ?? '');
  const [end, setEnd] = useState(shown?.end ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(href({ start, end }), { keepScrollPosition: true });
  };

  return (
    <div className="insights-range">
      <nav className="segmented insights-periods" aria-label={t('insights.range.label')}>
        {INSIGHTS_PERIODS.map((days) => (
          <a
            key={days}
            className="segmented-option"
            href={href({ days })}
            aria-current={'days' in range && range.days === days ? 'page' : undefined}
            data-selected={('days' in range && range.days === days) || undefined}
            data-testid={`range-${days}`}
            // The client router keeps the scroll where it is: the figures below change, the page does not jump.
            onClick={(event) => {
              event.preventDefault();
              void navigate(href({ days }), { keepScrollPosition: true });
            }}
          >
            {t('dashboard.period.days', { days: format.number(days) })}
          </a>
        ))}
      </nav>
      <form
        className="insights-custom"
        action="/insights"
        method="get"
        onSubmit={submit}
        data-custom={custom || undefined}
      >
        <DateField label={t('insights.range.start')} name="start" value={start} max={end} onChange={setStart} />
        <DateField label={t('insights.range.end')} name="end" value={end} min={start} onChange={setEnd} />
        <button type="submit" className="button button-secondary button-small">
          {t('insights.range.apply')}
        </button>
      </form>
      {shown && previous && (
        <p className="insights-showing" data-testid="range-showing">
          {t('insights.range.showing', {
            start: format.day(shown.start),
            end: format.day(shown.end),
            previousStart: format.day(previous.start),
            previousEnd: format.day(previous.end),
          })}
        </p>
      )}
    </div>
  );
}

/** One end of the custom range; `min`/`max`: the other end, once chosen. */
function DateField({
  label,
  name,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      <span>{label}</span>
      <input
        type="date"
        name={name}
        required
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
