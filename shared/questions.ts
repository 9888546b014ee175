import { z } from 'zod';
import { MODERATION_FLAGS } from './moderation-options.js';
import {
  ANSWER_MAX_LENGTH,
  ASKER_NAME_MAX_LENGTH,
  BULK_QUESTIONS_MAX_IDS,
  PUBLIC_QUESTIONS_PAGE_SIZES,
  QUESTION_BULK_ACTIONS,
  QUESTION_MAX_LENGTH,
  QUESTION_STATUSES,
  QUESTIONS_PAGE_SIZE,
} from './question-options.js';
import { pageFields, ZPage, ZReviewProduct } from './reviews.js';
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

const count = z.int().nonnegative();
/** An instant as the server writes it (`toISOString()`, UTC). */
const timestamp = z.iso.datetime({ offset: true });

/** What a bulk action did: `matched` = `changed` + `unchanged` + `not_allowed` + `not_found`. */
export const ZQuestionBulkResult = z
  .object({
    action: z.enum(QUESTION_BULK_ACTIONS),
    /** The ids named, without repeats. */
    matched: count,
    changed: count,
    /** Already where the action leads (publishing a published question). */
    unchanged: count,
    /** Publishing a question without an answer. */
    not_allowed: count,
    not_found: count,
  })
  .meta({ id: 'QuestionBulkResult' });
export type TQuestionBulkResult = z.output<typeof ZQuestionBulkResult>;

/** A question as the dashboard sees it. */
export const ZQuestion = z
  .object({
    id: z.uuid(),
    status: z.enum(QUESTION_STATUSES),
    product: ZReviewProduct,
    asker: z.object({ name: z.string(), email: z.string() }).meta({ id: 'QuestionAsker' }),
    question: z.string(),
    answer: z.string().nullable(),
    answered_at: timestamp.nullable(),
    /** When the answer was last mailed to the asker; null if never. */
    answer_mailed_at: timestamp.nullable(),
    published_at: timestamp.nullable(),
    /** Why the content filter held it back (empty: nothing found). */
    flags: z.array(z.enum(MODERATION_FLAGS)),
    created_at: timestamp,
  })
  .meta({ id: 'Question' });
export type TQuestion = z.output<typeof ZQuestion>;

/** GET /api/questions/ — newest first. */
export const ZQuestionPage = ZPage(ZQuestion).meta({ id: 'QuestionPage' });

/** GET /api/questions/stats/ — the store's questions by status. */
export const ZQuestionStats = z
  .object({ pending: count, answered: count, published: count })
  .meta({ id: 'QuestionStats' });
export type TQuestionStats = z.output<typeof ZQuestionStats>;

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

/** A shopper's question is taken, waiting for the store's answer. */
export const ZQuestionAsked = z.object({ id: z.uuid(), status: z.literal('pending') }).meta({ id: 'QuestionAsked' });
export type TQuestionAsked = z.output<typeof ZQuestionAsked>;

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
export const ZPublicQuestion = z
  .object({
    id: z.uuid(),
    name: z.string(),
    question: z.string(),
    answer: z.string(),
    created_at: timestamp,
    answered_at: timestamp,
  })
  .meta({ id: 'PublicQuestion' });
export type TPublicQuestion = z.output<typeof ZPublicQuestion>;

/** GET /api/questions/public/ — a page of the product's published questions, the latest published first. */
export const ZPublicQuestions = ZPage(ZPublicQuestion).meta({ id: 'PublicQuestions' });
export type TPublicQuestions = z.output<typeof ZPublicQuestions>;
