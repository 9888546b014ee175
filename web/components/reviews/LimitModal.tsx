import { useT } from '../../i18n/useT';
import { useUsageDetails, type TPlanLimit } from '../../api/reviews';
import { ActionButton } from '../ActionButton';
import { ModalDialog } from '../ModalDialog';
import { UsageMeter, limitUsageLevel } from './UsageMeter';

/** SPEC §8 Reviews: an approve or restore refused by the plan; closed while `limit` is null. */
export function LimitModal({ limit, onClose }: { limit: TPlanLimit | null; onClose: () => void }) {
  const t = useT();
  // The plan the upgrade widget recommends first, preselected on the billing page (`?plan=`).
  const next = useUsageDetails().data?.upgrade_plans[0];
  const upgradeHref = next ? `/settings/billing?plan=${encodeURIComponent(next.id)}` : '/settings/billing';
  return (
    <ModalDialog
      title={t('reviews.limit.title')}
      isOpen={limit !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      testId="limit-modal"
    >
      {limit && (
        <>
          <p className="modal-text" data-testid="limit-detail">
            {limit.detail}
          </p>
          {limit.limitInfo && (
            <div className="usage-meters">
              <UsageMeter kind="active" meter={limit.limitInfo.active_reviews} level={limitUsageLevel} />
              <UsageMeter kind="total" meter={limit.limitInfo.total_reviews} level={limitUsageLevel} />
            </div>
          )}
          <div className="modal-actions">
            <ActionButton variant="secondary" onPress={onClose}>
              {t('reviews.limit.close')}
            </ActionButton>
            <a className="button" href={upgradeHref} data-testid="limit-upgrade" onClick={onClose}>
              {t('reviews.limit.upgrade')}
            </a>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
