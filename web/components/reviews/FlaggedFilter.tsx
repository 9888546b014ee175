import { useT } from '../../i18n/useT';

/**
 * Narrows the list to what the content filter held back: with automatic moderation, the exceptions to look at. A
 * native toggle button (`aria-pressed`): react-aria's ToggleButton brought 8.5 kB of its core to the Reviews page.
 */
export function FlaggedFilter({ pressed, onChange }: { pressed: boolean; onChange: (pressed: boolean) => void }) {
  const t = useT();
  return (
    <button
      type="button"
      className="button button-secondary button-small flagged-filter"
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      data-testid="flagged-filter"
    >
      {t('reviews.filter.flagged')}
    </button>
  );
}
