import type { MultipartFile } from '@fastify/multipart';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type {
  TRequestSkipReason,
  TReviewRequest,
  TReviewRequestFunnel,
  TReviewRequestImport,
  TReviewRequestMailPreview,
  TReviewRequestPage,
  ZReviewRequestCreate,
  ZReviewRequestListQuery,
  ZReviewRequestPreview,
} from '../../shared/review-requests.js';
import { ApiError } from '../common/api-error.js';
import { Clock } from '../common/clock.js';
import { MailService } from '../mail/mail.service.js';
import { multipartParts } from '../media/multipart.js';
import { MailSuppressionsService } from './mail-suppressions.service.js';
import { IMPORT_MAX_BYTES, readImport } from './review-request-import.js';
import { requestMail } from './review-request-mail.js';
import { ReviewRequestScheduler, type RequestDraft } from './review-request-scheduler.service.js';
import { ReviewRequestSender } from './review-request-sender.service.js';
import { ReviewRequestSettingsService } from './review-request-settings.service.js';
import { mapRequest } from './review-requests.mapper.js';
import { OPEN_STATUSES, ReviewRequestsRepository, type RequestWithProducts } from './review-requests.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const SKIP_TEXT: Record<TRequestSkipReason, string> = {
  suppressed: 'the address is on the suppression list',
  excluded_product: 'every product is excluded',
  already_reviewed: 'the buyer already reviewed every product',
  no_email: 'no email address',
  order_cancelled: 'the order was cancelled',
  quota_reached: "the plan's monthly request quota is reached",
};

const SAMPLE = {
  en: { customer: 'Alex Rivera', products: ['Linen shirt', 'Wool scarf'] },
  es: { customer: 'Lucía Gómez', products: ['Camisa de lino', 'Bufanda de lana'] },
  pt: { customer: 'Ana Souza', products: ['Camisa de linho', 'Cachecol de lã'] },
} as const;

/** The dashboard's and integrators' side of review requests (thin over the scheduler and the sender). */
@Injectable()
export class ReviewRequestsService {
  constructor(
    private readonly requests: ReviewRequestsRepository,
    private readonly scheduler: ReviewRequestScheduler,
    private readonly sender: ReviewRequestSender,
    private readonly settings: ReviewRequestSettingsService,
    private readonly suppressions: MailSuppressionsService,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  async list(merchantId: string, query: z.output<typeof ZReviewRequestListQuery>): Promise<TReviewRequestPage> {
    const offset = (query.page - 1) * query.page_size;
    const { count, rows } = await this.requests.list(
      merchantId,
      { status: query.status, search: query.search || undefined },
      { offset, limit: query.page_size },
    );
    return {
      count,
      next: offset + rows.length < count ? query.page + 1 : null,
      previous: query.page > 1 ? query.page - 1 : null,
      results: rows.map(mapRequest),
    };
  }

  private async found(merchantId: string, id: string): Promise<RequestWithProducts> {
    const request = await this.requests.find(merchantId, id);
    if (!request) throw ApiError.notFound('No such review request.');
    return request;
  }

  async get(merchantId: string, id: string): Promise<TReviewRequest> {
    return mapRequest(await this.found(merchantId, id));
  }

  private draftOf(body: z.output<typeof ZReviewRequestCreate>, source: RequestDraft['source']): RequestDraft {
    return {
      orderId: null,
      orderExternalId: body.order_id,
      orderName: `#${body.order_id}`,
      email: body.customer_email,
      customerName: body.customer_name,
      locale: body.locale ?? null,
      source,
      cancelled: false,
      products: body.products.map((product) => ({
        productExternalId: product.id,
        name: product.name,
        url: product.url ?? null,
        imageUrl: product.image_url ?? null,
      })),
    };
  }

  /** A request from outside a platform, scheduled from now by the store's delay and window. */
  async create(merchantId: string, body: z.output<typeof ZReviewRequestCreate>): Promise<TReviewRequest> {
    if (await this.requests.hasOrder(merchantId, body.order_id)) {
      throw new ApiError(409, {
        detail: `Order ${body.order_id} already has a review request.`,
        code: 'request_exists',
        fields: { order_id: ['This order already has a review request.'] },
      });
    }
    const [id] = await this.scheduler.schedule(merchantId, this.draftOf(body, 'api'), this.clock.now());
    if (!id) {
      throw new ApiError(409, {
        detail: `Order ${body.order_id} already has a review request.`,
        code: 'request_exists',
      });
    }
    return this.get(merchantId, id);
  }

  /** The multipart `file`: a CSV of orders (one row per product), each order scheduled like `create`. */
  async import(merchantId: string, request: FastifyRequest): Promise<TReviewRequestImport> {
    let file: Buffer | null = null;
    for await (const part of multipartParts(request)) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      file = await readLimited(part);
    }
    if (!file) throw ApiError.validation({ file: ['Choose a CSV file.'] });
    const { groups, errors } = readImport(file);
    const made = await this.scheduler.scheduleMany(
      merchantId,
      groups.map((group) => this.draftOf(group.request, 'import')),
      this.clock.now(),
    );
    let scheduled = 0;
    for (const [index, group] of groups.entries()) {
      const requests = made[index];
      if (!requests) {
        errors.push({
          line: group.line,
          reason: `order_id: order ${group.request.order_id} already has a review request.`,
        });
        continue;
      }
      for (const { skipReason } of requests) {
        if (skipReason) errors.push({ line: group.line, reason: `Not scheduled: ${SKIP_TEXT[skipReason]}.` });
        else scheduled += 1;
      }
    }
    errors.sort((a, b) => a.line - b.line);
    return { scheduled, errors };
  }

  /** The next mail (first one or reminder) goes now. */
  async sendNow(merchantId: string, id: string): Promise<TReviewRequest> {
    const request = await this.found(merchantId, id);
    if (!request.sendAt || !(OPEN_STATUSES as readonly string[]).includes(request.status)) {
      throw new ApiError(409, { detail: 'This request has no mail left to send.', code: 'nothing_to_send' });
    }
    await this.requests.reschedule(merchantId, id, this.clock.now());
    await this.sender.poke();
    return this.get(merchantId, id);
  }

  async cancel(merchantId: string, id: string): Promise<TReviewRequest> {
    const request = await this.found(merchantId, id);
    if (!(OPEN_STATUSES as readonly string[]).includes(request.status)) {
      throw new ApiError(409, { detail: `A ${request.status} request cannot be cancelled.`, code: 'not_cancellable' });
    }
    await this.requests.close(merchantId, [id], { status: 'cancelled', at: this.clock.now() });
    return this.get(merchantId, id);
  }

  /**
   * One more mail now, with the same link, for a request already sent whose link still works; never to an address
   * that unsubscribed or is suppressed, nor for a cancelled request. Planned reminders are not used up by it.
   */
  async resend(merchantId: string, id: string): Promise<TReviewRequest> {
    const request = await this.found(merchantId, id);
    const now = this.clock.now();
    const refuse = (detail: string) => new ApiError(409, { detail, code: 'not_resendable' });
    if (request.status !== 'sent' && request.status !== 'opened') {
      throw refuse(`A ${request.status} request cannot be sent again.`);
    }
    if (request.expiresAt <= now) throw refuse('Its link expired.');
    if (await this.suppressions.isSuppressed(merchantId, request.customerEmail)) {
      throw refuse('The address is on the suppression list.');
    }
    await this.requests.reschedule(merchantId, id, now, {
      remindersPlanned: request.remindersPlanned + 1,
    });
    await this.sender.poke();
    return this.get(merchantId, id);
  }

  async funnel(merchantId: string, days: number): Promise<TReviewRequestFunnel> {
    const since = new Date(this.clock.now().getTime() - days * DAY_MS);
    const { sent, opened, reviewed } = await this.requests.funnel(merchantId, since);
    return {
      days,
      sent,
      opened,
      reviewed,
      open_rate: sent ? opened / sent : null,
      review_rate: sent ? reviewed / sent : null,
    };
  }

  /** The mail as a buyer would get it, with the (unsaved) text given, sample buyer and the store's products. */
  async preview(merchantId: string, body: z.output<typeof ZReviewRequestPreview>): Promise<TReviewRequestMailPreview> {
    const [settings, store, products] = await Promise.all([
      this.settings.of(merchantId),
      this.requests.storeOf(merchantId),
      this.requests.sampleProducts(merchantId, 2),
    ]);
    const sample = SAMPLE[body.locale];
    const base = `${this.sender.publicUrl}/r/sample`;
    const { subject, html, text } = requestMail({
      locale: body.locale,
      storeName: store?.storeName || 'Your store',
      customerName: sample.customer,
      products: products.length
        ? products.slice(0, settings.max_products)
        : sample.products.map((name, index) => ({ id: `sample-${index + 1}`, name, imageUrl: null })),
      template: body.template ?? settings.templates[body.locale],
      reviewUrl: base,
      unsubscribeUrl: `${this.sender.publicUrl}/u/sample`,
    });
    return { subject, html, text };
  }

  /** The preview, mailed to the signed-in user, as the store sends it (its name, its reply-to). */
  async testMail(
    merchantId: string,
    to: string,
    body: z.output<typeof ZReviewRequestPreview>,
  ): Promise<{ sent_to: string }> {
    const [preview, settings, store] = await Promise.all([
      this.preview(merchantId, body),
      this.settings.of(merchantId),
      this.requests.storeOf(merchantId),
    ]);
    await this.mail.send({
      to,
      subject: `[Test] ${preview.subject}`,
      text: preview.text,
      html: preview.html,
      fromName: store?.storeName || undefined,
      replyTo: settings.reply_to ?? undefined,
    });
    return { sent_to: to };
  }
}

/** The file's bytes, up to IMPORT_MAX_BYTES (413 past it). */
async function readLimited(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > IMPORT_MAX_BYTES) {
      part.file.resume();
      throw new ApiError(413, { detail: 'The file is over 5 MB: split it.', code: 'payload_too_large' });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
