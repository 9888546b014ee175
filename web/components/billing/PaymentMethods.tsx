import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useT } from '../../i18n/useT';
import type { TBillingConfig, TPaymentMethod } from '../../../shared/billing.js';
import { deletePaymentMethod, refreshBilling } from '../../api/billing';
import { ActionButton } from '../ActionButton';
import { ModalDialog } from '../ModalDialog';
import { useToast } from '../toast/ToastProvider';
import { billingError } from './billingError';
import { CardForm } from './CardForm';

export interface PaymentMethodsProps {
  stripe: NonNullable<TBillingConfig['stripe']>;
  methods: TPaymentMethod[];
}

/** SPEC §2 payment-method card: saved cards (the default marked), add or replace one, remove one. */
export function PaymentMethods({ stripe, methods }: PaymentMethodsProps) {
  const t = useT();
  const titleId = useId();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TPaymentMethod | null>(null);

  const remove = useMutation({
    mutationFn: (method: TPaymentMethod) => deletePaymentMethod(method.id),
    onSuccess: async () => {
      setRemoving(null);
      showToast(t('billing.cards.removed'), 'success');
      await refreshBilling(queryClient);
    },
    onError: (error) => showToast(billingError(t, error, t('billing.cards.failed')), 'error'),
  });

  return (
    <section className="card billing-section" data-testid="billing-payment-methods" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {t('billing.cards.title')}
      </h2>
      {methods.length === 0 && <p className="section-text">{t('billing.cards.none')}</p>}
      <ul className="payment-methods">
        {methods.map((method) => (
          <li key={method.id} className="payment-method" data-testid={`billing-card-${method.last4}`}>
            <span className="payment-method-text">
              <span className="payment-method-name">
                {t('billing.cards.card', { brand: capitalize(method.brand), last4: method.last4 })}
              </span>
              <span className="review-muted">
                {t('billing.cards.expires', {
                  month: String(method.exp_month).padStart(2, '0'),
                  year: String(method.exp_year).slice(-2),
                })}
              </span>
            </span>
            {method.is_default && <span className="chip chip-tint chip-active">{t('billing.cards.default')}</span>}
            <button
              type="button"
              className="button button-secondary button-small"
              data-testid={`billing-card-remove-${method.last4}`}
              aria-label={t('billing.cards.remove', { last4: method.last4 })}
              onClick={() => setRemoving(method)}
            >
              {t('billing.cards.removeShort')}
            </button>
          </li>
        ))}
      </ul>
      {adding ? (
        <CardForm
          stripe={stripe}
          onCancel={() => setAdding(false)}
          onSaved={async () => {
            setAdding(false);
            showToast(t('billing.cards.saved'), 'success');
            await refreshBilling(queryClient);
          }}
        />
      ) : (
        <ActionButton variant="secondary" testId="billing-add-card" onPress={() => setAdding(true)}>
          {methods.length ? t('billing.cards.replace') : t('billing.cards.add')}
        </ActionButton>
      )}
      <ModalDialog
        title={t('billing.cards.removeTitle')}
        role="alertdialog"
        isOpen={removing !== null}
        isDismissable={!remove.isPending}
        onOpenChange={(isOpen) => {
          if (!isOpen) setRemoving(null);
        }}
        testId="billing-remove-dialog"
      >
        <p className="modal-text">{t('billing.cards.removeText', { last4: removing?.last4 ?? '' })}</p>
        <div className="modal-actions">
          <ActionButton variant="secondary" isDisabled={remove.isPending} onPress={() => setRemoving(null)}>
            {t('billing.cards.removeKeep')}
          </ActionButton>
          <ActionButton
            variant="danger"
            isPending={remove.isPending}
            testId="billing-remove-confirm"
            onPress={() => removing && remove.mutate(removing)}
          >
            {t('billing.cards.removeConfirm')}
          </ActionButton>
        </div>
      </ModalDialog>
    </section>
  );
}

function capitalize(brand: string): string {
  return brand ? brand[0].toUpperCase() + brand.slice(1) : brand;
}
