import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useT } from '../../../i18n/useT';
import type { TMerchant } from '../../../../shared/accounts.js';
import type { TBigCommerceConnect } from '../../../../shared/integrations.js';
import { BIGCOMMERCE_INTEGRATION_QUERY_KEY, connectBigCommerce } from '../../../api/bigcommerce';
import { setProfileMerchant } from '../../../api/profile';
import { apiDetail, apiFieldErrors } from '../../form/apiErrors';
import { FormAlert } from '../../form/FormAlert';
import { SubmitButton } from '../../form/SubmitButton';
import { TextField } from '../../form/TextField';

const EMPTY: TBigCommerceConnect = { client_id: '', store_hash: '', access_token: '' };
const FIELDS = ['client_id', 'store_hash', 'access_token'] as const;

export interface BigCommerceConnectFormProps {
  isConnected: boolean;
  /** The store hash on record, so a reconnect needs only the new token. */
  storeHash: string | null;
}

/**
 * SPEC §2/§4/§5 BigCommerce connect: three required fields, submit disabled while sending or while one is empty
 * ("Please complete all required fields" if Enter is pressed then), the server's detail (or a default) on failure,
 * and on success the stored merchant replaced by the answer.
 */
export function BigCommerceConnectForm({ isConnected, storeHash }: BigCommerceConnectFormProps) {
  const t = useT();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TBigCommerceConnect>({ ...EMPTY, store_hash: storeHash ?? '' });
  const [incomplete, setIncomplete] = useState(false);
  const isComplete = FIELDS.every((field) => values[field].trim() !== '');

  const connect = useMutation({
    mutationFn: (body: TBigCommerceConnect) => connectBigCommerce(body),
    onSuccess: async (merchant: TMerchant) => {
      setProfileMerchant(queryClient, merchant);
      setValues((current) => ({ ...current, access_token: '' }));
      await queryClient.invalidateQueries({ queryKey: BIGCOMMERCE_INTEGRATION_QUERY_KEY });
    },
  });
  const fieldErrors = connect.isError ? apiFieldErrors(connect.error) : {};
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;

  function set(field: (typeof FIELDS)[number]) {
    return (value: string) => {
      setIncomplete(false);
      setValues((current) => ({ ...current, [field]: value }));
    };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isComplete) {
      setIncomplete(true);
      return;
    }
    connect.mutate({
      client_id: values.client_id.trim(),
      store_hash: values.store_hash.trim(),
      access_token: values.access_token.trim(),
    });
  }

  // The submit button is disabled while a field is empty, so Enter would do nothing at all: say why instead.
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && !isComplete && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      setIncomplete(true);
    }
  }

  return (
    <form
      className="form bigcommerce-connect-form"
      data-testid="bigcommerce-form"
      aria-labelledby={titleId}
      aria-busy={connect.isPending}
      noValidate
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
    >
      <h3 className="setup-subtitle" id={titleId}>
        {t('integrations.bigcommerce.form.title')}
      </h3>
      {connect.isSuccess && (
        <FormAlert severity="success" testId="bigcommerce-success">
          <p>{t('integrations.bigcommerce.form.success', { store: connect.data.store_name })}</p>
        </FormAlert>
      )}
      {connect.isError && !hasFieldErrors && (
        <FormAlert severity="error" testId="bigcommerce-error">
          <p>{apiDetail(connect.error) ?? t('integrations.bigcommerce.form.failed')}</p>
        </FormAlert>
      )}
      {incomplete && (
        <FormAlert severity="error" testId="bigcommerce-incomplete">
          <p>{t('integrations.bigcommerce.form.incomplete')}</p>
        </FormAlert>
      )}
      <TextField
        name="client_id"
        label={t('integrations.bigcommerce.form.clientId')}
        autoComplete="off"
        value={values.client_id}
        onChange={set('client_id')}
        errors={fieldErrors.client_id}
        isDisabled={connect.isPending}
        isRequired
      />
      <TextField
        name="store_hash"
        label={t('integrations.bigcommerce.form.storeHash')}
        description={t('integrations.bigcommerce.form.storeHashHint')}
        placeholder="abc123de"
        autoComplete="off"
        value={values.store_hash}
        onChange={set('store_hash')}
        errors={fieldErrors.store_hash}
        isDisabled={connect.isPending}
        isRequired
      />
      <TextField
        name="access_token"
        type="password"
        label={t('integrations.bigcommerce.form.accessToken')}
        description={isConnected ? t('integrations.bigcommerce.form.accessTokenHint') : undefined}
        autoComplete="off"
        value={values.access_token}
        onChange={set('access_token')}
        errors={fieldErrors.access_token}
        isDisabled={connect.isPending}
        isRequired
      />
      <div data-testid="bigcommerce-submit">
        <SubmitButton isPending={connect.isPending} isDisabled={!isComplete}>
          {isConnected || connect.isSuccess
            ? t('integrations.bigcommerce.form.reconnect')
            : t('integrations.bigcommerce.form.connect')}
        </SubmitButton>
      </div>
    </form>
  );
}
