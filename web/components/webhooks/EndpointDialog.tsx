import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import { WEBHOOK_EVENT_TYPES, type TWebhookEventType } from '../../../shared/webhook-endpoint-options.js';
import type { TWebhookEndpoint } from '../../../shared/webhook-endpoints.js';
import { createWebhookEndpoint, refreshEndpoints, updateWebhookEndpoint } from '../../api/webhookEndpoints';
import { useShownOnce } from '../../lib/useShownOnce';
import { ActionButton } from '../ActionButton';
import { apiDetail, apiFieldErrors, fieldMessages } from '../form/apiErrors';
import { CheckOptionsField } from '../form/CheckOptionsField';
import { FormAlert } from '../form/FormAlert';
import { TextField } from '../form/TextField';
import { ModalDialog } from '../ModalDialog';
import { useToast } from '../toast/ToastProvider';
import { EVENT_TEXTS } from './eventTexts';
import { WebhookSecret } from './WebhookSecret';

/** Which endpoint the dialog edits, or a new one; null while closed. */
export type TEndpointDialogTarget = { mode: 'create' } | { mode: 'edit'; endpoint: TWebhookEndpoint };

/**
 * A new endpoint (its URL, description and events, then its signing secret shown this once until Done), or an
 * endpoint's URL, description and events changed.
 */
export function EndpointDialog({ target, onClose }: { target: TEndpointDialogTarget | null; onClose: () => void }) {
  const t = useT();
  const [isPending, setPending] = useState(false);
  const [secret, setSecret] = useShownOnce<string>(target !== null);
  const editing = target?.mode === 'edit' ? target.endpoint : null;
  const title = secret
    ? t('settingsPages.webhooks.secret.createdTitle')
    : t(editing ? 'settingsPages.webhooks.form.editTitle' : 'settingsPages.webhooks.form.createTitle');

  return (
    <ModalDialog
      title={title}
      isOpen={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      testId="webhook-endpoint-dialog"
      // Once the secret shows, only Done closes: a stray Escape or click would lose it for good.
      isDismissable={!isPending && !secret}
    >
      {secret ? (
        <WebhookSecret secret={secret} onDone={onClose} />
      ) : (
        target && (
          <EndpointForm
            key={editing?.id ?? 'new'}
            endpoint={editing}
            onCreated={setSecret}
            onSaved={onClose}
            onCancel={onClose}
            onPendingChange={setPending}
          />
        )
      )}
    </ModalDialog>
  );
}

function EndpointForm({
  endpoint,
  onCreated,
  onSaved,
  onCancel,
  onPendingChange,
}: {
  /** null: a new endpoint. */
  endpoint: TWebhookEndpoint | null;
  /** A new endpoint's secret. */
  onCreated: (secret: string) => void;
  onSaved: () => void;
  onCancel: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<ReadonlySet<TWebhookEventType>>(new Set(endpoint?.events));

  const save = useMutation({
    mutationFn: async () => {
      const body = {
        url: url.trim(),
        description,
        events: WEBHOOK_EVENT_TYPES.filter((type) => events.has(type)),
      };
      if (endpoint) {
        await updateWebhookEndpoint(endpoint.id, body);
        return null;
      }
      return (await createWebhookEndpoint(body)).secret;
    },
    onMutate: () => onPendingChange(true),
    onSettled: () => onPendingChange(false),
    // A new endpoint's answer holds its secret; an edit's none.
    onSuccess: async (secret) => {
      if (secret) onCreated(secret);
      else {
        showToast(t('settingsPages.webhooks.toasts.saved'), 'success');
        onSaved();
      }
      await refreshEndpoints(queryClient);
    },
  });

  const fields = apiFieldErrors(save.error);
  const detail = save.isError && Object.keys(fields).length === 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!save.isPending) save.mutate();
  };

  return (
    <form className="modal-form" noValidate onSubmit={submit} data-testid="webhook-endpoint-form">
      <p className="modal-text">{t('settingsPages.webhooks.form.help')}</p>
      {detail && (
        <FormAlert severity="error">
          {apiDetail(save.error) ??
            t(endpoint ? 'settingsPages.webhooks.form.saveError' : 'settingsPages.webhooks.form.createError')}
        </FormAlert>
      )}
      <TextField
        name="url"
        type="url"
        autoComplete="off"
        label={t('settingsPages.webhooks.form.url')}
        placeholder="https://example.com/webhooks/reviews"
        description={t('settingsPages.webhooks.form.urlDescription')}
        value={url}
        onChange={setUrl}
        errors={fieldMessages(fields, 'url')}
        isRequired
        autoFocus
      />
      <TextField
        name="description"
        autoComplete="off"
        label={t('settingsPages.webhooks.form.description')}
        placeholder={t('settingsPages.webhooks.form.descriptionPlaceholder')}
        value={description}
        onChange={setDescription}
        errors={fieldMessages(fields, 'description')}
      />
      <CheckOptionsField
        name="events"
        legend={t('settingsPages.webhooks.form.eventsLegend')}
        options={WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, description: t(EVENT_TEXTS[type]) }))}
        selected={events}
        onChange={setEvents}
        errors={fieldMessages(fields, 'events')}
        testIdPrefix="webhook-event"
      />
      <div className="modal-actions">
        <ActionButton variant="secondary" isDisabled={save.isPending} onPress={onCancel}>
          {t('common.cancel')}
        </ActionButton>
        <ActionButton type="submit" testId="webhook-endpoint-submit" isPending={save.isPending}>
          {t(endpoint ? 'settingsPages.webhooks.form.save' : 'settingsPages.webhooks.form.createSubmit')}
        </ActionButton>
      </div>
    </form>
  );
}
