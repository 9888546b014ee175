import { Inject, Injectable } from '@nestjs/common';
import { hours } from '@nestjs/throttler';
import type { z } from 'zod';
import { MODERATION_FLAGS, type TModerationFlag } from '../../shared/moderation-options.js';
import type {
  TPublicQuestions,
  TQuestion,
  TQuestionAsked,
  TQuestionBulkResult,
  TQuestionStats,
  ZQuestionAnswer,
  ZQuestionAsk,
  ZQuestionBulk,
  ZQuestionListQuery,
} from '../../shared/questions.js';
import type { TPage } from '../../shared/reviews.js';
import type { MerchantRow } from '../accounts/accounts.repository.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import { DomainEvents } from '../events/domain-events.js';
import { ApiError } from '../common/api-error.js';
import { Clock } from '../common/clock.js';
import { listPage } from '../common/list-page.js';
import { addressOf, type AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { MailQueue } from '../mail/mail.queue.js';
import { textFlags } from '../moderation/content-filter.js';
import { ModerationSettingsService } from '../moderation/moderation-settings.service.js';
import { RateLimits, type RateLimit } from '../rate-limits/rate-limits.js';
import { MailSuppressionsService } from '../review-requests/mail-suppressions.service.js';
import { ReviewRequestSettingsService } from '../review-requests/review-request-settings.service.js';
import { ReviewsRepository } from '../reviews/reviews.repository.js';
import { StorefrontCache, type Versioned } from '../storefront/storefront-cache.js';
import { cached, type CachedJson } from '../storefront/cached-json.js';
import { StorefrontService } from '../storefront/storefront.service.js';
import { answerMail } from './question-answer-mail.js';
import { mapPublicQuestion, mapQuestion } from './questions.mapper.js';
import { QuestionsRepository, type QuestionWithProduct } from './questions.repository.js';

/** A shopper's questions, per address, like review submissions (UPLOADS_PER_IP), but fewer: a question is light. */
export const QUESTIONS_PER_IP: RateLimit = { name: 'question-ask:ip', limit: 10, ttl: hours(1) };

const NOT_FOUND = 'No question with this id in your store.';
const PUBLIC_TTL_S = 300;

type ListQuery = z.output<typeof ZQuestionListQuery>;

/**
 * Questions and answers (issue 25): shoppers ask on the storefront (throttled, run through the content filter), the
 * merchant answers (the asker is mailed the answer unless the store may not mail them) and publishes; a published
 * question reaches storefronts at once (their cached answers are invalidated).
 */
@Injectable()
export class QuestionsService {
  constructor(
    private readonly repository: QuestionsRepository,
    private readonly reviews: ReviewsRepository,
    private readonly storefront: StorefrontService,
    private readonly answers: StorefrontCache,
    private readonly moderation: ModerationSettingsService,
    private readonly limits: RateLimits,
    private readonly events: DomainEvents,
    private readonly mail: MailQueue,
    private readonly suppressions: MailSuppressionsService,
    private readonly requestSettings: ReviewRequestSettingsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  list(auth: WorkspaceContext, query: ListQuery): Promise<TPage<TQuestion>> {
    return this.listOf(storeOf(auth).id, query);
  }

  async listOf(merchantId: string, query: ListQuery): Promise<TPage<TQuestion>> {
    const { count, rows } = await this.repository.list(merchantId, {
      page: query.page,
      pageSize: query.page_size,
      status: query.status,
      search: query.search || undefined,
    });
    return listPage('/api/questions/', query, count, rows.map(mapQuestion));
  }

  stats(auth: WorkspaceContext): Promise<TQuestionStats> {
    return this.statsOf(storeOf(auth).id);
  }

  statsOf(merchantId: string): Promise<TQuestionStats> {
    return this.repository.stats(merchantId);
  }

  async get(auth: WorkspaceContext, id: string): Promise<TQuestion> {
    return mapQuestion(await this.found(storeOf(auth).id, id));
  }

  /**
   * Writes or rewrites the answer and mails it to the asker, unless the address is on the store's suppression list
   * (then it is saved, not mailed: `answer_mailed_at` stays as it was).
   */
  async answer(auth: WorkspaceContext, id: string, body: z.output<typeof ZQuestionAnswer>): Promise<TQuestion> {
    const store = storeOf(auth);
    const before = await this.found(store.id, id);
    const at = this.clock.now();
    if (!(await this.repository.setAnswer(store.id, id, body.text, at, body.publish))) {
      throw ApiError.notFound(NOT_FOUND);
    }
    const { question } = before;
    if (question.askerEmail && !(await this.suppressions.isSuppressed(store.id, question.askerEmail))) {
      await this.send(store, before, body.text, at);
      await this.repository.markMailed(store.id, id, at);
    }
    if (body.publish || question.status === 'published') await this.answers.invalidate(store.id);
    return this.get(auth, id);
  }

  async publish(auth: WorkspaceContext, id: string, published: boolean): Promise<TQuestion> {
    const merchantId = storeOf(auth).id;
    const { question } = await this.found(merchantId, id);
    if (published && question.status === 'pending') {
      throw ApiError.badRequest('Answer the question before publishing it.', 'question_unanswered');
    }
    if ((await this.repository.setPublished(merchantId, [id], published, this.clock.now())).length) {
      await this.answers.invalidate(merchantId);
    }
    return this.get(auth, id);
  }

  async remove(auth: WorkspaceContext, id: string): Promise<void> {
    const merchantId = storeOf(auth).id;
    const removed = await this.repository.remove(merchantId, [id]);
    if (!removed.length) throw ApiError.notFound(NOT_FOUND);
    if (removed[0].status === 'published') await this.answers.invalidate(merchantId);
  }

  async bulk(auth: WorkspaceContext, body: z.output<typeof ZQuestionBulk>): Promise<TQuestionBulkResult> {
    const merchantId = storeOf(auth).id;
    const ids = [...new Set(body.ids)];
    const found = await this.repository.statuses(merchantId, ids);
    const result: TQuestionBulkResult = {
      action: body.action,
      matched: ids.length,
      changed: 0,
      unchanged: 0,
      not_allowed: 0,
      not_found: ids.length - found.length,
    };
    let storefrontChanged: boolean;
    if (body.action === 'delete') {
      const removed = await this.repository.remove(
        merchantId,
        found.map((row) => row.id),
      );
      result.changed = removed.length;
      result.not_found += found.length - removed.length;
      storefrontChanged = removed.some((row) => row.status === 'published');
    } else {
      const publish = body.action === 'publish';
      const target = publish ? 'published' : 'answered';
      const movable = found.filter((row) => row.status === (publish ? 'answered' : 'published'));
      result.unchanged = found.filter((row) => row.status === target).length;
      result.not_allowed = found.length - movable.length - result.unchanged;
      const changed = movable.length
        ? await this.repository.setPublished(
            merchantId,
            movable.map((row) => row.id),
            publish,
            this.clock.now(),
          )
        : [];
      result.changed = changed.length;
      // Moved by someone else between the read and the write: counted as already there.
      result.unchanged += movable.length - changed.length;
      storefrontChanged = changed.length > 0;
    }
    if (storefrontChanged) await this.answers.invalidate(merchantId);
    return result;
  }

  /**
   * A shopper's question (POST /api/questions/public/): throttled per address, always pending; what the content filter
   * finds (in the question, and contact details or blocked words in the name) is kept as flags for the merchant.
   */
  async ask(ip: string, body: z.output<typeof ZQuestionAsk>): Promise<TQuestionAsked> {
    await this.limits.consume(QUESTIONS_PER_IP, ip);
    const store = await this.storefront.findStore(body.merchant_id);
    if (!store) throw ApiError.validation({ merchant_id: ['No store with this id.'] });
    const product = await this.reviews.upsertProduct(store.id, {
      externalId: body.product_id,
      name: body.product_name,
      source: 'storefront',
    });
    const blocked = (await this.moderation.of(store.id)).blocked_words;
    // A name is checked for contact details and blocked words, not for profanity: "Dick" is a name.
    const found = new Set<TModerationFlag>([
      ...textFlags(body.question, blocked),
      ...textFlags(body.name, blocked).filter((flag) => flag !== 'profanity'),
    ]);
    const row = await this.repository.create({
      merchantId: store.id,
      productId: product.id,
      askerName: body.name,
      askerEmail: body.email,
      question: body.question,
      flags: MODERATION_FLAGS.filter((flag) => found.has(flag)),
      sessionId: body.session_id,
    });
    await this.events.emit('question.created', { merchantId: store.id, questionId: row.id }).catch(() => undefined);
    return { id: row.id, status: 'pending' };
  }

  /** A product's published questions for storefronts, cached per store and data version like its reviews. */
  async published(
    merchantRef: string,
    productId: string,
    page: number,
    pageSize: number,
    wanted?: string,
  ): Promise<Versioned<CachedJson>> {
    const store = await this.storefront.findStore(merchantRef);
    if (!store) throw ApiError.notFound('No store with this id.', 'unknown_store');
    const compute = async () => {
      const { count, rows } = await this.repository.published(store.id, productId, page, pageSize);
      const link = (p: number) =>
        `/api/questions/public/?${new URLSearchParams({ product_id: productId, merchant_id: store.storeId, page: String(p), page_size: String(pageSize) })}`;
      return cached({
        count,
        next: page * pageSize < count ? link(page + 1) : null,
        previous: page > 1 ? link(page - 1) : null,
        results: rows.map(mapPublicQuestion),
      } satisfies TPublicQuestions);
    };
    return this.answers.wrap(store.id, ['questions', productId, page, pageSize], PUBLIC_TTL_S, compute, wanted);
  }

  private async found(merchantId: string, id: string): Promise<QuestionWithProduct> {
    const row = await this.repository.find(merchantId, id);
    if (!row) throw ApiError.notFound(NOT_FOUND);
    return row;
  }

  /** From the store's name, replying to the address its review requests reply to (if it set one). */
  private async send(store: MerchantRow, target: QuestionWithProduct, text: string, at: Date): Promise<void> {
    const storeName = store.storeName || this.config.publicUrl;
    const settings = await this.requestSettings.of(store.id);
    await this.mail.queue({
      // One Message-ID per writing of the answer: a repeated job is dropped as a duplicate by mailbox providers.
      messageId: `<${target.question.id}.answer.${at.getTime()}@${addressOf(this.config.mail.from).split('@').pop()}>`,
      to: target.question.askerEmail,
      ...answerMail(store.mainLanguage, {
        storeName,
        askerName: target.question.askerName,
        productName: target.product.name || target.product.externalId,
        question: target.question.question,
        answer: text,
        productUrl: target.product.url,
      }),
      fromName: storeName,
      replyTo: settings.reply_to ?? undefined,
    });
  }
}
