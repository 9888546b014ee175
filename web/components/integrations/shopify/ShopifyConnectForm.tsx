import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../../i18n/useT';
import { normalizeShopDomain } from '../../../../shared/shopify.js';
import { connectShopify } from '../../../api/shopify';
import { apiDetail, apiFieldErrors } from '../../form/apiErrors';
import { FormAlert } from '../../form/FormAlert';
import { SubmitButton } from '../../form/SubmitButton';
import { TextField } from '../../form/TextField';

export interface ShopifyConnectFormProps {
  /** The store is connected already: the button reconnects it (e.g. to grant new access). */
  isConnected: boolean;
  /** The shop on record, to reconnect without retyping it. */
  shop: string | null;
  /** The App Store link sits above: this form is the other way. */
  isAlternative: boolean;
}

/**
 * An owner connects the store from here: the server answers where Shopify asks them to approve the app, and
 * Shopify then brings them back to this page (`?connected=1` or `?error=…`).
 */
export function ShopifyConnectForm({ isConnected, shop: knownShop, isAlternative }: ShopifyConnectFormProps) {
  const t = useT();
  const titleId = useId();
  const [shop, setShop] = useState(knownShop ?? '');
  // 'leaving': the browser is on its way to Shopify; the form stays locked.
  const [status, setStatus] = useState<'idle' | 'pending' | 'leaving'>('idle');
  const [shopErrors, setShopErrors] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const isBusy = status !== 'idle';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setShopErrors([]);
    const domain = normalizeShopDomain(shop);
    if (!domain) {
      setShopErrors([t('integrations.shopify.install.shopInvalid')]);
      return;
    }

    setStatus('pending');
    try {
      const { authorize_url } = await connectShopify({ shop: domain });
      setStatus('leaving');
      window.location.assign(authorize_url);
    } catch (caught) {
      setStatus('idle');
      const fieldErrors = apiFieldErrors(caught).shop ?? [];
      setShopErrors(fieldErrors);
      if (!fieldErrors.length) setError(apiDetail(caught) ?? t('integrations.shopify.install.failed'));
    }
  }

  return (
    <form
      className="form shopify-connect-form"
      data-testid="shopify-connect-form"
      aria-labelledby={titleId}
      aria-busy={isBusy}
      noValidate
      onSubmit={onSubmit}
    >
      <h3 className="setup-subtitle" id={titleId}>
        {isAlternative ? t('integrations.shopify.install.connectOr') : t('integrations.shopify.install.connect')}
      </h3>
      {error && <FormAlert severity="error">{error}</FormAlert>}
      <TextField
        name="shop"
        label={t('integrations.shopify.install.shop')}
        placeholder={t('integrations.shopify.install.shopPlaceholder')}
        description={t('integrations.shopify.install.shopHint')}
        autoComplete="off"
        value={shop}
        onChange={setShop}
        errors={shopErrors}
        isDisabled={isBusy}
        isRequired
      />
      <SubmitButton isPending={isBusy}>
        {isConnected ? t('integrations.shopify.install.resubmit') : t('integrations.shopify.install.submit')}
      </SubmitButton>
    </form>
  );
}
