// Questions and answers (issue 25): statuses and limits, without zod: the dashboard and the widget import these.

/**
 * A shopper's question waits (`pending`) until the merchant answers it (`answered`, not shown), and shows on the
 * storefront once published with its answer (`published`). Unpublishing takes it back to `answered`.
 */
export const QUESTION_STATUSES = ['pending', 'answered', 'published'] as const;
export type TQuestionStatus = (typeof QUESTION_STATUSES)[number];

export const QUESTION_MAX_LENGTH = 1000;
export const ANSWER_MAX_LENGTH = 2000;
export const ASKER_NAME_MAX_LENGTH = 150;
export const QUESTIONS_PAGE_SIZE = 10;
/** The storefront's page sizes: a bounded set of URLs for the CDN to keep. */
export const PUBLIC_QUESTIONS_PAGE_SIZES = [5, 10, 20] as const;
export const BULK_QUESTIONS_MAX_IDS = 1000;
export const QUESTION_BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;
export type TQuestionBulkAction = (typeof QUESTION_BULK_ACTIONS)[number];
