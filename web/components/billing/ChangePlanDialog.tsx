import { useT } from '../../i18n/useT';
import type { TPlan } from '../../../shared/billing.js';
import { ActionButton } from '../ActionButton';
import { ModalDialog } from '../ModalDialog';
import { planAction } from './planTier';

export interface ChangePlanDialogProps {
  /** The plan to move to; closed while null. */
  plan: TPlan | null;
  current: TPlan;
  isPending: boolean;
  onConfirm: (plan: TPlan) => void;
  onClose: () => void;
}

/** SPEC §4 PLAN_CHANGE: says what the change does (prorated now, or Free at the period's end) before it happens. */
export function ChangePlanDialog({ plan, current, isPending, onConfirm, onClose }: ChangePlanDialogProps) {
  const t = useT();
  const text = !plan
    ? ''
    : plan.free
      ? t('billing.change.freeText')
      : t(planAction(plan, current) === 'upgrade' ? 'billing.change.upgradeText' : 'billing.change.downgradeText', {
          plan: plan.name,
        });
  return (
    <ModalDialog
      title={t('billing.change.title', { plan: plan?.name ?? '' })}
      isOpen={plan !== null}
      isDismissable={!isPending}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      testId="billing-change-dialog"
    >
      <p className="modal-text">{text}</p>
      <div className="modal-actions">
        <ActionButton variant="secondary" isDisabled={isPending} onPress={onClose}>
          {t('billing.change.keep')}
        </ActionButton>
        <ActionButton isPending={isPending} testId="billing-change-confirm" onPress={() => plan && onConfirm(plan)}>
          {t('billing.change.confirm')}
        </ActionButton>
      </div>
    </ModalDialog>
  );
}
