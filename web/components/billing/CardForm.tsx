import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import type { TBillingConfig, TPaymentMethod } from '../../../shared/billing.js';
import { attachPaymentMethod, createSetupIntent } from '../../api/billing';
import { ActionButton } from '../ActionButton';
import { FormAlert } from '../form/FormAlert';
import { SubmitButton } from '../form/SubmitButton';
import { TextField } from '../form/TextField';
import { billingError } from './billingError';
import { loadStripe, type StripeCardElement, type StripeJs } from './stripeJs';

export interface CardFormProps {
  stripe: NonNullable<TBillingConfig['stripe']>;
  onSaved: (method: TPaymentMethod) => void;
  onCancel: () => void;
}

/**
 * SPEC §5 card form, as Stripe Elements: number, expiry and CVC are typed into Stripe's own fields and sent to Stripe
 * with a SetupIntent; this site only receives the saved card's id, which it makes the default.
 */
export function CardForm({ stripe: keys, onSaved, onCancel }: CardFormProps) {
  const t = useT();
  const titleId = useId();
  const cardLabelId = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ js: StripeJs; card: StripeCardElement } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  useEffect(() => {
    let card: StripeCardElement | undefined;
    let cancelled = false;
    loadStripe(keys.js_url, keys.publishable_key).then(
      (js) => {
        if (cancelled || !mountRef.current) return;
        card = js.elements().create('card');
        card.mount(mountRef.current);
        card.on('change', (event) => setError(event.error?.message ?? null));
        setStripe({ js, card });
      },
      () => !cancelled && setLoadFailed(true),
    );
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [keys.js_url, keys.publishable_key]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || isPending) return;
    setError(null);
    setPending(true);
    try {
      const intent = await createSetupIntent();
      const confirmed = await stripe.js.confirmCardSetup(intent.client_secret, {
        payment_method: { card: stripe.card, ...(name.trim() && { billing_details: { name: name.trim() } }) },
      });
      const methodId = confirmed.setupIntent?.payment_method;
      if (confirmed.error || !methodId) {
        setError(confirmed.error?.message ?? t('billing.cards.failed'));
        return;
      }
      onSaved(await attachPaymentMethod(methodId, intent.customer_id));
    } catch (caught) {
      setError(billingError(t, caught, t('billing.cards.failed')));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className="form card-form"
      data-testid="billing-card-form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={onSubmit}
    >
      <h3 className="setup-subtitle" id={titleId}>
        {t('billing.cardForm.title')}
      </h3>
      {loadFailed && <FormAlert severity="error">{t('billing.cardForm.unavailable')}</FormAlert>}
      {error && (
        <FormAlert severity="error" testId="billing-card-error">
          {error}
        </FormAlert>
      )}
      <TextField
        name="cardholder"
        label={t('billing.cardForm.name')}
        autoComplete="cc-name"
        value={name}
        onChange={setName}
      />
      <div className="field">
        <span className="field-label" id={cardLabelId}>
          {t('billing.cardForm.card')}
        </span>
        <div className="stripe-card" ref={mountRef} role="group" aria-labelledby={cardLabelId} aria-busy={!stripe}>
          {!stripe && !loadFailed && <span className="review-muted">{t('billing.cardForm.loading')}</span>}
        </div>
        <p className="field-description">{t('billing.cardForm.secure')}</p>
      </div>
      <div className="modal-actions">
        <ActionButton variant="secondary" isDisabled={isPending} onPress={onCancel}>
          {t('billing.cardForm.cancel')}
        </ActionButton>
        <SubmitButton isPending={isPending} isDisabled={!stripe}>
          {t('billing.cardForm.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
