import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import type { TMerchant } from '../../../shared/accounts.js';
import { setProfileMerchant, updateStore } from '../../api/profile';
import { ActionButton } from '../ActionButton';
import { apiDetail, apiFieldErrors, type TFieldErrors } from '../form/apiErrors';
import { TextField } from '../form/TextField';
import { useToast } from '../toast/ToastProvider';

/** The store's name, for its owner: read-only until Edit, then saved with PATCH /api/stores/{id}/. */
export function StoreDetails({ merchant }: { merchant: TMerchant }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  // After Save or Cancel the form is gone: focus returns to the Edit button rather than the page's start.
  const [hasEdited, setHasEdited] = useState(false);

  if (editing) return <StoreForm merchant={merchant} onDone={() => setEditing(false)} />;

  return (
    <div className="profile-details">
      <dl className="profile-list">
        <div className="profile-item">
          <dt>{t('settingsPages.store.name')}</dt>
          <dd data-testid="store-name">{merchant.store_name || t('settingsPages.account.notSet')}</dd>
        </div>
      </dl>
      <div className="section-actions">
        <button
          type="button"
          className="button button-secondary"
          data-testid="store-edit"
          autoFocus={hasEdited}
          onClick={() => {
            setEditing(true);
            setHasEdited(true);
          }}
        >
          {t('settingsPages.account.edit')}
        </button>
      </div>
    </div>
  );
}

function StoreForm({ merchant, onDone }: { merchant: TMerchant; onDone: () => void }) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [name, setName] = useState(merchant.store_name);
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});

  const save = useMutation({
    mutationFn: (storeName: string) => updateStore(merchant.id, { store_name: storeName }),
    onSuccess: (updated) => {
      setProfileMerchant(queryClient, updated);
      showToast(t('settingsPages.store.saved'), 'success');
      onDone();
    },
    onError: (error) => {
      const fields = apiFieldErrors(error);
      setFieldErrors(fields);
      if (Object.keys(fields).length === 0) showToast(apiDetail(error) ?? t('settingsPages.store.saveError'), 'error');
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setFieldErrors({ store_name: [t('common.required')] });
      return;
    }
    if (trimmed === merchant.store_name) onDone();
    else save.mutate(trimmed);
  };

  return (
    <form className="form" data-testid="store-form" noValidate aria-busy={save.isPending} onSubmit={submit}>
      <TextField
        name="store_name"
        autoComplete="organization"
        label={t('settingsPages.store.name')}
        value={name}
        onChange={setName}
        errors={fieldErrors.store_name}
        isRequired
        isReadOnly={save.isPending}
        autoFocus
      />
      <div className="section-actions">
        <ActionButton variant="secondary" testId="store-cancel" isDisabled={save.isPending} onPress={onDone}>
          {t('common.cancel')}
        </ActionButton>
        <ActionButton type="submit" testId="store-save" isPending={save.isPending}>
          {t('common.save')}
        </ActionButton>
      </div>
    </form>
  );
}
