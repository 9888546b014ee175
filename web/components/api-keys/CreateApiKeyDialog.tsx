import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import { API_KEY_SCOPES, type TApiKeyScope } from '../../../shared/api-key-options.js';
import type { TApiKeyCreated } from '../../../shared/api-keys.js';
import { API_KEYS_QUERY_KEY, createApiKey } from '../../api/apiKeys';
import { useShownOnce } from '../../lib/useShownOnce';
import { ActionButton } from '../ActionButton';
import { apiDetail, apiFieldErrors, fieldMessages } from '../form/apiErrors';
import { CheckOptionsField } from '../form/CheckOptionsField';
import { FormAlert } from '../form/FormAlert';
import { TextField } from '../form/TextField';
import { ModalDialog } from '../ModalDialog';
import { SecretShownOnce } from '../SecretShownOnce';

// i18next reads a colon as a namespace separator, so the scopes' texts are keyed by name.
const SCOPE_TEXTS = {
  'reviews:read': 'settingsPages.apiKeys.scopes.reviewsRead',
  'reviews:write': 'settingsPages.apiKeys.scopes.reviewsWrite',
  'requests:write': 'settingsPages.apiKeys.scopes.requestsWrite',
  'analytics:read': 'settingsPages.apiKeys.scopes.analyticsRead',
  'webhooks:write': 'settingsPages.apiKeys.scopes.webhooksWrite',
} as const satisfies Record<TApiKeyScope, string>;

/** A new key: its name and scopes, then the key itself, shown this once until Done. */
export function CreateApiKeyDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const t = useT();
  const [isPending, setPending] = useState(false);
  const [created, setCreated] = useShownOnce<TApiKeyCreated>(isOpen);
  const close = () => onOpenChange(false);

  return (
    <ModalDialog
      title={t(created ? 'settingsPages.apiKeys.createdTitle' : 'settingsPages.apiKeys.createTitle')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      testId="api-key-create-dialog"
      // Once the key shows, only Done closes: a stray Escape or click would lose it for good.
      isDismissable={!isPending && !created}
    >
      {created ? (
        <SecretShownOnce
          secret={created.key}
          testIdPrefix="api-key"
          onDone={close}
          texts={{
            warning: t('settingsPages.apiKeys.createdWarning'),
            label: t('settingsPages.apiKeys.keyLabel'),
            copy: t('settingsPages.apiKeys.copy'),
            copied: t('settingsPages.apiKeys.copied'),
            copyFailed: t('settingsPages.apiKeys.copyFailed'),
            done: t('settingsPages.apiKeys.done'),
          }}
        />
      ) : (
        <CreateForm onCreated={setCreated} onCancel={close} onPendingChange={setPending} />
      )}
    </ModalDialog>
  );
}

function CreateForm({
  onCreated,
  onCancel,
  onPendingChange,
}: {
  onCreated: (created: TApiKeyCreated) => void;
  onCancel: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ReadonlySet<TApiKeyScope>>(new Set());

  const create = useMutation({
    mutationFn: createApiKey,
    onMutate: () => onPendingChange(true),
    onSettled: () => onPendingChange(false),
    onSuccess: async (created) => {
      onCreated(created);
      await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    },
  });

  const fields = apiFieldErrors(create.error);
  const detail = create.isError && Object.keys(fields).length === 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate({ name, scopes: API_KEY_SCOPES.filter((scope) => scopes.has(scope)) });
  };

  return (
    <form className="modal-form" noValidate onSubmit={submit} data-testid="api-key-create-form">
      <p className="modal-text">{t('settingsPages.apiKeys.createHelp')}</p>
      {detail && (
        <FormAlert severity="error">{apiDetail(create.error) ?? t('settingsPages.apiKeys.createError')}</FormAlert>
      )}
      <TextField
        name="name"
        autoComplete="off"
        label={t('settingsPages.apiKeys.name')}
        placeholder={t('settingsPages.apiKeys.namePlaceholder')}
        value={name}
        onChange={setName}
        errors={fieldMessages(fields, 'name')}
        isRequired
        autoFocus
      />
      <CheckOptionsField
        name="scopes"
        legend={t('settingsPages.apiKeys.scopesLegend')}
        options={API_KEY_SCOPES.map((scope) => ({ value: scope, description: t(SCOPE_TEXTS[scope]) }))}
        selected={scopes}
        onChange={setScopes}
        errors={fieldMessages(fields, 'scopes')}
        testIdPrefix="api-key-scope"
      />
      <div className="modal-actions">
        <ActionButton variant="secondary" isDisabled={create.isPending} onPress={onCancel}>
          {t('common.cancel')}
        </ActionButton>
        <ActionButton type="submit" testId="api-key-create-submit" isPending={create.isPending}>
          {t('settingsPages.apiKeys.createSubmit')}
        </ActionButton>
      </div>
    </form>
  );
}
