import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/useT';
import { WEBHOOK_DELIVERIES_PAGE_SIZE } from '../../../shared/webhook-endpoint-options.js';
import type { TWebhookDelivery, TWebhookEndpoint } from '../../../shared/webhook-endpoints.js';
import {
  refreshDeliveries,
  refreshEndpoints,
  resendWebhookDelivery,
  useWebhookDeliveries,
} from '../../api/webhookEndpoints';
import { useDateFormat } from '../../lib/useDateFormat';
import { ActionButton } from '../ActionButton';
import { DataTable } from '../DataTable';
import { apiDetail } from '../form/apiErrors';
import { FormAlert } from '../form/FormAlert';
import { ChevronIcon } from '../icons';
import { Pagination, pageCount } from '../reviews/Pagination';
import { useToast } from '../toast/ToastProvider';

const SKELETON_ROWS = 3;
const COLUMNS = ['status', 'event', 'time', 'response', 'details', 'actions'] as const;

/**
 * An endpoint's deliveries, newest first, a page at a time, each with what it got back and a Resend button (while the
 * endpoint is on: the server sends nothing to one turned off).
 */
export function DeliveryLog({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpoint.id, page, true);
  const total = deliveries.data?.count ?? 0;
  if (deliveries.data && !deliveries.isPlaceholderData && page > pageCount(total, WEBHOOK_DELIVERIES_PAGE_SIZE)) {
    setPage(pageCount(total, WEBHOOK_DELIVERIES_PAGE_SIZE));
  }
  const rows = deliveries.data?.results ?? [];

  // An attempt made since the last look may have changed the endpoint's state (failing, or no longer).
  const attempts = rows.map((delivery) => `${delivery.id}:${delivery.status}:${delivery.attempts}`).join();
  const loaded = deliveries.data !== undefined;
  const seenAttempts = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded) return;
    if (seenAttempts.current !== null && seenAttempts.current !== attempts) void refreshEndpoints(queryClient);
    seenAttempts.current = attempts;
  }, [loaded, attempts, queryClient]);

  if (deliveries.isError) {
    return (
      <FormAlert severity="error" testId="webhook-deliveries-error">
        <p>{t('settingsPages.webhooks.deliveries.loadError')}</p>
        <ActionButton variant="secondary" isPending={deliveries.isFetching} onPress={() => void deliveries.refetch()}>
          {t('common.retry')}
        </ActionButton>
      </FormAlert>
    );
  }

  return (
    <div className="webhook-deliveries">
      <div className="webhook-deliveries-bar">
        <p className="webhook-deliveries-note">{t('settingsPages.webhooks.deliveries.note')}</p>
        <ActionButton
          variant="secondary"
          isSmall
          testId="webhook-deliveries-refresh"
          isPending={deliveries.isFetching}
          onPress={() => void refreshDeliveries(queryClient, endpoint.id)}
        >
          {t('settingsPages.webhooks.deliveries.refresh')}
        </ActionButton>
      </div>
      <DataTable
        caption={t('settingsPages.webhooks.deliveries.caption', { url: endpoint.url })}
        className="webhook-deliveries-table code-table cards-when-narrow"
        testId="webhook-deliveries-table"
        columns={COLUMNS.map((key) => ({
          key,
          label: t(`settingsPages.webhooks.deliveries.columns.${key}`),
          hidden: key === 'actions',
        }))}
        isLoading={deliveries.isPending}
        isBusy={deliveries.isPending || deliveries.isPlaceholderData}
        skeletonRows={SKELETON_ROWS}
        isEmpty={rows.length === 0}
        empty={t('settingsPages.webhooks.deliveries.empty')}
        emptyTestId="webhook-deliveries-empty"
      >
        {rows.map((delivery) => (
          <DeliveryRow key={delivery.id} endpoint={endpoint} delivery={delivery} />
        ))}
      </DataTable>
      {total > WEBHOOK_DELIVERIES_PAGE_SIZE && (
        <Pagination
          page={page}
          pageSize={WEBHOOK_DELIVERIES_PAGE_SIZE}
          shown={rows.length}
          total={total}
          onPageChange={setPage}
          label={t('settingsPages.webhooks.deliveries.pagination', { url: endpoint.url })}
        />
      )}
    </div>
  );
}

function DeliveryRow({ endpoint, delivery }: { endpoint: TWebhookEndpoint; delivery: TWebhookDelivery }) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const formatTime = useDateFormat(true);
  const detailsId = useId();
  const [detailsOpen, setDetailsOpen] = useState(false);
  const time = formatTime(delivery.created_at);

  const resend = useMutation({
    mutationFn: () => resendWebhookDelivery(endpoint.id, delivery.id),
    onSuccess: async () => {
      showToast(t('settingsPages.webhooks.toasts.resent'), 'success');
      await refreshDeliveries(queryClient, endpoint.id);
    },
    onError: (error) => showToast(apiDetail(error) ?? t('settingsPages.webhooks.toasts.resendError'), 'error'),
  });

  return (
    <>
      <tr
        className="webhook-delivery-row"
        data-testid="webhook-delivery-row"
        data-id={delivery.id}
        data-status={delivery.status}
      >
        <td data-column="status">
          <span className="webhook-delivery-status">
            <span
              className="chip chip-tint chip-status"
              data-status={delivery.status}
              data-testid="webhook-delivery-status"
            >
              {t(`settingsPages.webhooks.deliveries.statuses.${delivery.status}`)}
            </span>
            <span className="webhook-muted">
              {t('settingsPages.webhooks.deliveries.attempts', { count: delivery.attempts })}
            </span>
          </span>
        </td>
        <td data-column="event">
          <code data-testid="webhook-delivery-type">{delivery.type}</code>
        </td>
        <td data-column="time" className="webhook-delivery-time">
          {time}
        </td>
        <td data-column="response" data-testid="webhook-delivery-response">
          {delivery.response_status !== null ? (
            <code data-testid="webhook-delivery-code">{delivery.response_status}</code>
          ) : (
            <span className="webhook-muted">{t('settingsPages.webhooks.deliveries.noAnswer')}</span>
          )}
          {delivery.error && (
            <span className="webhook-delivery-error" data-testid="webhook-delivery-error">
              {delivery.error}
            </span>
          )}
        </td>
        <td data-column="details">
          <button
            type="button"
            className="webhook-disclosure webhook-details-toggle"
            data-testid="webhook-delivery-more"
            aria-expanded={detailsOpen}
            aria-controls={detailsId}
            aria-label={t('settingsPages.webhooks.deliveries.showLabel', { type: delivery.type, time })}
            onClick={() => setDetailsOpen((open) => !open)}
          >
            <ChevronIcon />
            {t('settingsPages.webhooks.deliveries.show')}
          </button>
        </td>
        <td className="table-actions" data-column="actions">
          {/* A pending delivery is tried again already: a resend would wait for the same attempt. */}
          <ActionButton
            variant="secondary"
            isSmall
            testId="webhook-delivery-resend"
            ariaLabel={t('settingsPages.webhooks.deliveries.resendLabel', { type: delivery.type, time })}
            isPending={resend.isPending}
            isDisabled={!endpoint.enabled || delivery.status === 'pending'}
            onPress={() => resend.mutate()}
          >
            {t('settingsPages.webhooks.deliveries.resend')}
          </ActionButton>
        </td>
      </tr>
      <tr id={detailsId} className="webhook-delivery-more" hidden={!detailsOpen}>
        <td colSpan={COLUMNS.length}>{detailsOpen && <DeliveryDetails delivery={delivery} />}</td>
      </tr>
    </>
  );
}

/** What was sent and what came back: the message id, the last attempt, the answer's first kilobyte, the body sent. */
function DeliveryDetails({ delivery }: { delivery: TWebhookDelivery }) {
  const t = useT();
  const formatTime = useDateFormat(true);
  return (
    <dl className="webhook-delivery-details" data-testid="webhook-delivery-details">
      <dt>{t('settingsPages.webhooks.deliveries.messageId')}</dt>
      <dd>
        <code data-testid="webhook-delivery-message-id">{delivery.message_id}</code>
      </dd>
      {delivery.last_attempt_at && (
        <>
          <dt>{t('settingsPages.webhooks.deliveries.lastAttempt')}</dt>
          <dd>{formatTime(delivery.last_attempt_at)}</dd>
        </>
      )}
      <dt>{t('settingsPages.webhooks.deliveries.excerpt')}</dt>
      <dd>
        {delivery.response_excerpt ? (
          <pre className="code-block" data-testid="webhook-delivery-excerpt">
            <code>{delivery.response_excerpt}</code>
          </pre>
        ) : (
          <span className="webhook-muted">{t('settingsPages.webhooks.deliveries.noExcerpt')}</span>
        )}
      </dd>
      <dt>{t('settingsPages.webhooks.deliveries.payload')}</dt>
      <dd>
        <pre className="code-block" data-testid="webhook-delivery-payload">
          <code>{JSON.stringify(delivery.payload, null, 2)}</code>
        </pre>
      </dd>
    </dl>
  );
}
