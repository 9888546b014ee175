import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import type { TReviewRequest } from '../../../shared/review-requests.js';
import type { TRequestAction } from '../../api/reviewRequests';
import { ProductThumb } from '../ProductThumb';
import { CheckIcon, CloseIcon, RestoreIcon, SendIcon } from '../icons';
import { actionsFor } from './requestActions';
import { RequestStatus } from './RequestStatus';

const ICONS = { 'send-now': SendIcon, cancel: CloseIcon, resend: RestoreIcon } satisfies Record<
  TRequestAction,
  () => ReactNode
>;

export interface RequestRowProps {
  request: TReviewRequest;
  canAct: boolean;
  isBusy: boolean;
  onAction: (action: TRequestAction, request: TReviewRequest) => void;
}

export function RequestRow({ request, canAct, isBusy, onAction }: RequestRowProps) {
  const t = useT();
  const order = request.order_name || request.order_id;
  const actions = canAct ? actionsFor(request) : [];
  return (
    <tr className="request-row" data-testid="request-row" data-id={request.id} data-status={request.status}>
      <td data-column="order">
        <span className="review-product-name" data-testid="request-order">
          {order}
        </span>
      </td>
      <td data-column="customer">
        <span className="review-customer">
          {request.customer_name && <span className="review-customer-name">{request.customer_name}</span>}
          <span className="review-note" data-testid="request-email">
            {request.email_masked}
          </span>
        </span>
      </td>
      <td data-column="products">
        <ul className="request-products">
          {request.products.map((product) => (
            <li key={product.id} className="review-product">
              <ProductThumb image={product.image_url} />
              <span className="review-product-name">{product.name}</span>
              {product.reviewed && (
                <span className="chip chip-verified" data-testid="product-reviewed">
                  <CheckIcon />
                  {t('requests.table.reviewedMark')}
                </span>
              )}
            </li>
          ))}
        </ul>
      </td>
      <td data-column="status">
        <RequestStatus request={request} />
      </td>
      <td data-column="reminders">
        <span className="review-note">{t('requests.table.remindersSent', { count: request.reminders_sent })}</span>
      </td>
      {canAct && (
        <td className="table-actions" data-column="actions">
          <span className="review-actions">
            {actions.map((action) => {
              const Icon = ICONS[action];
              return (
                <button
                  key={action}
                  type="button"
                  className="icon-button review-action"
                  data-action={action}
                  data-testid={`request-${action}`}
                  aria-label={t(`requests.actions.${action}`, { order })}
                  title={t(`requests.actions.${action}Short`)}
                  disabled={isBusy}
                  onClick={() => onAction(action, request)}
                >
                  <Icon />
                </button>
              );
            })}
          </span>
        </td>
      )}
    </tr>
  );
}
