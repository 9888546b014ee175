import { z } from 'zod';
import type { TModerationFlag } from './moderation-options.js';
import {
  ANSWER_MAX_LENGTH,
  ASKER_NAME_MAX_LENGTH,
  BULK_QUESTIONS_MAX_IDS,
  PUBLIC_QUESTIONS_PAGE_SIZES,
  QUESTION_BULK_ACTIONS,
  QUESTION_MAX_LENGTH,
  QUESTION_STATUSES,
  QUESTIONS_PAGE_SIZE,
  type TQuestionBulkAction,
  type TQuestionStatus,
} from './question-options.js';
import { pageFields, type TReviewProduct } from './reviews.js';
export * from './question-options.js';

// Questions and answers (issue 25): the dashboard's /api/questions/ and the storefront's public routes.

/** GET /api/questions/ — the merchant's list, newest first. */
export const ZQuestionListFilter = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(QUESTION_STATUSES, { error: 'One of pending, answered or published.' }).optional(),
});
export const ZQuestionListQuery = ZQuestionListFilter.extend(pageFields(QUESTIONS_PAGE_SIZE));
export type TQuestionListQuery = z.input<typeof ZQuestionListQuery>;

/** PUT /api/questions/{id}/answer/ — the store's answer, written or rewritten; the asker is mailed it. */
export const ZQuestionAnswer = z
  .object({
    text: z
      .string({ error: 'This field is required.' })
      .trim()
      .min(1, 'Write an answer.')
      .max(ANSWER_MAX_LENGTH, `At most ${ANSWER_MAX_LENGTH} characters.`),
    /** Also publish it (question and answer) on the storefront. */
    publish: z.boolean({ error: 'True or false.' }).default(false),
  })
  .strict();
export type TQuestionAnswerInput = z.input<typeof ZQuestionAnswer>;

/** POST /api/questions/bulk/ — one action on the questions named by `ids`. */
export const ZQuestionBulk = z
  .object({
    action: z.enum(QUESTION_BULK_ACTIONS, { error: 'One of publish, unpublish or delete.' }),
    ids: z
      .array(z.uuid({ error: 'A question id.' }), { error: 'A list of question ids.' })
      .min(1, 'Select at least one question.')
      .max(BULK_QUESTIONS_MAX_IDS, `At most ${BULK_QUESTIONS_MAX_IDS} ids.`),
  })
  .strict();
export type TQuestionBulk = z.input<typeof ZQuestionBulk>;

/** What a bulk action did: `matched` = `changed` + `unchanged` + `not_allowed` + `not_found`. */
export interface TQuestionBulkResult {
  action: TQuestionBulkAction;
  matched: number;
  changed: number;
  /** Already where the action leads (publishing a published question). */
  unchanged: number;
  /** Publishing a question without an answer. */
  not_allowed: number;
  not_found: number;
}

/** A question as the dashboard sees it. */
export interface TQuestion {
  id: string;
  status: TQuestionStatus;
  product: TReviewProduct;
  asker: { name: string; email: string };
  question: string;
  answer: string | null;
  answered_at: string | null;
  /** When the answer was last mailed to the asker; null if never. */
  answer_mailed_at: string | null;
  published_at: string | null;
  /** Why the content filter held it back (empty: nothing found). */
  flags: TModerationFlag[];
  created_at: string;
}

export interface TQuestionStats {
  pending: number;
  answered: number;
  published: number;
}

const trimmed = (max: number, required?: string) => {
  const base = z.string({ error: 'This field is required.' }).trim().max(max, `At most ${max} characters.`);
  return required ? base.min(1, required) : base;
};

/** POST /api/questions/public/ — a shopper's question from the widget (JSON, CORS open, throttled). */
export const ZQuestionAsk = z.object({
  merchant_id: trimmed(200, 'This field is required.'),
  product_id: trimmed(200, 'This field is required.'),
  product_name: trimmed(300).optional(),
  name: trimmed(ASKER_NAME_MAX_LENGTH, 'Enter your name.'),
  email: z
    .string({ error: 'This field is required.' })
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ error: 'Enter a valid email address.' })),
  question: trimmed(QUESTION_MAX_LENGTH, 'Write your question.'),
  session_id: z
    .string()
    .optional()
    .transform((value) => (value && /^[A-Za-z0-9_-]{8,64}$/.test(value) ? value : undefined)),
});
export type TQuestionAsk = z.input<typeof ZQuestionAsk>;

/** GET /api/questions/public/ — a product's published questions; the page and its size in the URL (CDN-cacheable). */
export const ZPublicQuestionsQuery = z.object({
  merchant_id: trimmed(200, 'This field is required.'),
  product_id: trimmed(200, 'This field is required.'),
  page: z.coerce.number({ error: 'A page number.' }).int().min(1, 'Pages start at 1.').max(1000).default(1),
  page_size: z.coerce
    .number({ error: 'A page size.' })
    .refine((n) => (PUBLIC_QUESTIONS_PAGE_SIZES as readonly number[]).includes(n), {
      error: `One of ${PUBLIC_QUESTIONS_PAGE_SIZES.join(', ')}.`,
    })
    .default(5),
  /** The store's data version the loader named. */
  v: z.string().max(64).optional(),
});

/** One published question on the storefront: no address, the asker's first name only. */
export interface TPublicQuestion {
  id: string;
  name: string;
  question: string;
  answer: string;
  created_at: string;
  answered_at: string;
}

export interface TPublicQuestions {
  count: number;
  next: string | null;
  previous: string | null;
  results: TPublicQuestion[];
}
