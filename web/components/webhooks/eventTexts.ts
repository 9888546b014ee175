import type { TWebhookEventType } from '../../../shared/webhook-endpoint-options.js';

// i18next reads a dot as a key separator, so the events' texts are keyed by name.
export const EVENT_TEXTS = {
  'review.created': 'settingsPages.webhooks.events.reviewCreated',
  'review.published': 'settingsPages.webhooks.events.reviewPublished',
  'review.rejected': 'settingsPages.webhooks.events.reviewRejected',
  'review.deleted': 'settingsPages.webhooks.events.reviewDeleted',
  'review.replied': 'settingsPages.webhooks.events.reviewReplied',
  'question.created': 'settingsPages.webhooks.events.questionCreated',
  'request.reviewed': 'settingsPages.webhooks.events.requestReviewed',
} as const satisfies Record<TWebhookEventType, string>;
