import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_SCOPES, type TApiKeyScope } from '../../../shared/api-key-options.js';
import type { TApiKeyCreated } from '../../../shared/api-keys.js';
import { API_KEYS_QUERY_KEY, createApiKey } from '../../api/apiKeys';
import { ActionButton } from '../ActionButton';
import { apiDetail, apiFieldErrors } from '../form/apiErrors';
import { FormAlert } from '../form/FormAlert';
import { TextField } from '../form/TextField';
import { ModalDialog } from '../ModalDialog';
import { NewApiKey } from './NewApiKey';

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
  const { t } = useTranslation();
  const [isPending, setPending] = useState(false);
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  // The last key is forgotten when the dialog opens again, not as it closes (its exit would show the form).
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setCreated(null);
  }
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
        <NewApiKey secret={created.key} onDone={close} />
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
  const { t } = useTranslation();
  const id = useId();
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

  // The API names the list (`scopes`) or one of its items (`scopes.0`); both belong under the checkboxes.
  const fields = Object.entries(apiFieldErrors(create.error));
  const nameErrors = fields.filter(([field]) => field === 'name').flatMap(([, messages]) => messages);
  const scopeErrors = fields.filter(([field]) => /^scopes(\.|$)/.test(field)).flatMap(([, messages]) => messages);
  const detail = create.isError && fields.length === 0;

  const toggle = (scope: TApiKeyScope, on: boolean) =>
    setScopes((current) => {
      const next = new Set(current);
      if (on) next.add(scope);
      else next.delete(scope);
      return next;
    });

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
        errors={nameErrors}
        isRequired
        autoFocus
      />
      <fieldset
        className="api-key-scope-field"
        data-testid="api-key-scopes-field"
        aria-describedby={scopeErrors.length > 0 ? `${id}-scopes-error` : undefined}
      >
        <legend className="field-label">
          {t('settingsPages.apiKeys.scopesLegend')}
          <span className="field-required" aria-hidden="true">
            {' *'}
          </span>
        </legend>
        {API_KEY_SCOPES.map((scope) => (
          <div key={scope} className="api-key-scope-option">
            <input
              id={`${id}-${scope}`}
              type="checkbox"
              name="scopes"
              value={scope}
              data-testid={`api-key-scope-${scope}`}
              checked={scopes.has(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
              aria-describedby={`${id}-${scope}-description`}
              aria-invalid={scopeErrors.length > 0 || undefined}
            />
            <label htmlFor={`${id}-${scope}`}>
              <code>{scope}</code>
            </label>
            <span id={`${id}-${scope}-description`} className="field-description">
              {t(SCOPE_TEXTS[scope])}
            </span>
          </div>
        ))}
        {scopeErrors.length > 0 && (
          <span id={`${id}-scopes-error`} className="field-error" data-testid="api-key-scopes-error">
            <span role="alert">{scopeErrors.join(' ')}</span>
          </span>
        )}
      </fieldset>
      <div className="modal-actions">
        <ActionButton variant="secondary" isDisabled={create.isPending} onPress={onCancel}>
          {t('settingsPages.common.cancel')}
        </ActionButton>
        <ActionButton type="submit" testId="api-key-create-submit" isPending={create.isPending}>
          {t('settingsPages.apiKeys.createSubmit')}
        </ActionButton>
      </div>
    </form>
  );
}
