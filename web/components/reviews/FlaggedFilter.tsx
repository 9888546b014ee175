import { useTranslation } from 'react-i18next';
import { ToggleButton } from 'react-aria-components';

/** Narrows the list to what the content filter held back: with automatic moderation, the exceptions to look at. */
export function FlaggedFilter({ pressed, onChange }: { pressed: boolean; onChange: (pressed: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <ToggleButton
      className="button button-secondary button-small flagged-filter"
      isSelected={pressed}
      onChange={onChange}
      data-testid="flagged-filter"
    >
      {t('reviews.filter.flagged')}
    </ToggleButton>
  );
}
