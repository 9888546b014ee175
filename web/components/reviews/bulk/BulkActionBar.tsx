import { useEffect, useRef } from 'react';
import { useT } from '../../../i18n/useT';
import type { TModerationAction } from '../../../../shared/reviews.js';
import { useToolbarKeys } from '../../../lib/useToolbarKeys';
import { ActionButton } from '../../ActionButton';
import { ACTION_VARIANTS } from './moderationActions';
import type { TReviewSelection } from './useReviewSelection';

export interface BulkActionBarProps {
  selection: TReviewSelection;
  pendingAction: TModerationAction | undefined;
  onAction: (action: TModerationAction) => void;
}

/**
 * What is selected (a live region, so screen readers hear every change) and what can be done with it. Sticks to the
 * top while rows are selected. When the selection ends with focus in the bar, focus moves to the header checkbox.
 */
export function BulkActionBar({ selection, pendingAction, onAction }: BulkActionBarProps) {
  const t = useT();
  const barRef = useRef<HTMLDivElement>(null);
  const toolbarKeys = useToolbarKeys();
  const wasActive = useRef(false);
  const { count, pageCheckboxRef } = selection;
  const active = count > 0;

  useEffect(() => {
    if (active || !wasActive.current) {
      wasActive.current = active;
      return;
    }
    wasActive.current = false;
    // The button that ended the selection is gone: focus would fall back to the page.
    const focused = document.activeElement;
    if (!focused || focused === document.body || barRef.current?.contains(focused)) pageCheckboxRef.current?.focus();
  }, [active, pageCheckboxRef]);

  return (
    <div ref={barRef} className="bulk-bar" data-active={active || undefined} data-testid="bulk-bar">
      <p className="bulk-bar-status" role="status" data-testid="bulk-status">
        {!active
          ? null
          : selection.isMatching
            ? t('moderation.bulk.allMatching', { count })
            : t('moderation.bulk.selected', { count })}
      </p>
      {active && (
        <div
          className="bulk-bar-tools"
          role="toolbar"
          aria-label={t('moderation.bulk.toolbar')}
          aria-orientation="horizontal"
          {...toolbarKeys}
        >
          {selection.canSelectMatching && (
            <button
              type="button"
              className="text-button"
              data-testid="select-matching"
              onClick={selection.selectMatching}
            >
              {t('moderation.bulk.selectMatching', { count: selection.total })}
            </button>
          )}
          <span className="bulk-bar-actions">
            {selection.actions.map((action) => (
              <ActionButton
                key={action}
                variant={ACTION_VARIANTS[action]}
                testId={`bulk-${action}`}
                isPending={pendingAction === action}
                isDisabled={pendingAction !== undefined && pendingAction !== action}
                onPress={() => onAction(action)}
              >
                {t(`moderation.bulk.actions.${action}`)}
              </ActionButton>
            ))}
            <ActionButton variant="secondary" testId="bulk-clear" onPress={selection.clear}>
              {t('moderation.bulk.clear')}
            </ActionButton>
          </span>
        </div>
      )}
    </div>
  );
}
