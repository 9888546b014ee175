import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { TRequestLocale } from '../../shared/review-requests.js';
import type { TWidgetConfiguration } from '../../shared/storefront.js';
import { WIDGET_STRINGS } from '../../shared/widget-strings.js';
import { ApiError } from '../common/api-error.js';
import { Clock } from '../common/clock.js';
import { DomainEvents } from '../events/domain-events.js';
import type { SecretPage } from '../common/secret-page.js';
import { ReviewUploadService, type RequestSubmission } from '../reviews/review-upload.service.js';
import { StorefrontService } from '../storefront/storefront.service.js';
import { WidgetScriptService } from '../widget-script/widget-script.service.js';
import { hashRequestToken } from './request-token.js';
import { MailSuppressionsService } from './mail-suppressions.service.js';
import { ReviewRequestLinksRepository, type RequestLink } from './review-request-links.repository.js';
import { messagePage, messagePageCsp, reviewPage, reviewPageCsp, type PageProduct } from './review-page.html.js';
import { fillIn, REVIEW_PAGE_STRINGS } from './review-page.strings.js';

/** A rendered page: its status, HTML and Content-Security-Policy; for a refusal, the same as an API error body. */
/** Why a link takes no review, by what its page says and answers. */
type Closed = 'unknown' | 'uninstalled' | 'closed' | 'expired';
const CLOSED_STATUS: Record<Closed, number> = { unknown: 404, uninstalled: 410, closed: 410, expired: 410 };
const CLOSED_CODES: Record<Closed, string> = {
  unknown: 'unknown_link',
  uninstalled: 'store_uninstalled',
  closed: 'request_withdrawn',
  expired: 'link_expired',
};
const CLOSED_DETAIL: Record<Closed, string> = {
  unknown: 'No review request has this link.',
  uninstalled: 'The store no longer collects reviews here.',
  closed: 'The store withdrew this review request.',
  expired: 'This review link has expired.',
};
/** Requests whose link no longer takes reviews: the order was cancelled, or nothing was ever sent. */
const WITHDRAWN = new Set(['cancelled', 'skipped']);
/** Tokens are 256-bit base64url: anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

const nonce = () => randomBytes(16).toString('base64url');
/** The store's site: its domain as the platform gave it, else the site of the order's product links. */
function storeUrlOf(link: RequestLink | null): string | null {
  const domain = link?.store.storeDomain;
  if (domain) return /^https?:\/\//.test(domain) ? domain : `https://${domain}`;
  for (const product of link?.products ?? []) {
    if (!product.url) continue;
    try {
      const url = new URL(product.url);
      if (url.protocol === 'https:') return url.origin;
    } catch {
      // Not a URL: the next product's, if any.
    }
  }
  return null;
}

function pageProducts(link: RequestLink): PageProduct[] {
  return link.products.map((product) => ({
    id: product.productExternalId,
    name: product.name || product.productExternalId,
    image: product.imageUrl ?? '',
    url: product.url ?? '',
    review: product.reviewId ? product.review : null,
  }));
}

/**
 * The review request's link for the buyer: the hosted review page (`/r/{token}`) and its submissions, and the
 * unsubscribe page (`/u/{token}`, one click and RFC 8058's POST). The token is the buyer's only credential.
 */
@Injectable()
export class ReviewRequestPageService {
  constructor(
    private readonly links: ReviewRequestLinksRepository,
    private readonly suppressions: MailSuppressionsService,
    private readonly storefront: StorefrontService,
    private readonly widget: WidgetScriptService,
    private readonly uploads: ReviewUploadService,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
  ) {}

  private find(token: string): Promise<RequestLink | null> {
    return TOKEN.test(token) ? this.links.findByTokenHash(hashRequestToken(token)) : Promise.resolve(null);
  }

  /** Why the link takes no review (null when it does). A request whose products were all reviewed still opens. */
  private closedReason(link: RequestLink | null): Closed | null {
    if (!link) return 'unknown';
    if (link.store.disconnectedAt) return 'uninstalled';
    if (WITHDRAWN.has(link.request.status)) return 'closed';
    if (link.products.every((product) => product.reviewId)) return null;
    return link.request.expiresAt <= this.clock.now() ? 'expired' : null;
  }

  /** `look`: a HEAD request (a mail scanner checking the link), which the funnel does not count as an opening. */
  async reviewPage(
    token: string,
    { rating, product }: { rating?: number; product?: string },
    look = false,
  ): Promise<SecretPage> {
    const link = await this.find(token);
    const closed = this.closedReason(link);
    if (!link || closed) return this.closedPage(link, closed ?? 'unknown');
    const locale = link.request.locale;
    const strings = REVIEW_PAGE_STRINGS[locale];
    const { merchantId } = link.request;
    if (!look && (await this.links.markOpened(merchantId, link.request.id, this.clock.now()))) {
      await this.events.emit('request.opened', { merchantId, requestId: link.request.id }).catch(() => undefined);
    }
    const products = pageProducts(link);
    const storeUrl = storeUrlOf(link);
    const id = nonce();
    if (products.every((product) => product.review)) {
      const html = messagePage({
        locale,
        nonce: id,
        title: strings.all_done_title,
        message: strings.all_done,
        storeName: link.store.storeName,
        storeUrl,
        products,
      });
      return { status: 200, html, csp: messagePageCsp(id) };
    }
    const chunk = this.widget.formChunk();
    const html = reviewPage({
      locale,
      nonce: id,
      storeName: link.store.storeName,
      storeUrl,
      customerName: link.request.customerName,
      products,
      rating: rating ?? 0,
      chosen: product,
      formScript: chunk?.path ?? null,
      configuration: await this.configuration(link, locale),
      endpoint: `/api/review-requests/public/${token}/reviews/`,
    });
    return { status: 200, html, csp: reviewPageCsp(id, chunk?.styleHash ?? null) };
  }

  /** The widget's configuration for the store (colours, limits, whether media are required), in the request's language. */
  private async configuration(link: RequestLink, locale: TRequestLocale): Promise<TWidgetConfiguration> {
    const answer = await this.storefront.configuration(link.store.storeId, link.products[0].productExternalId);
    const { translations: _others, ...configuration } = JSON.parse(answer.value.body) as TWidgetConfiguration;
    return { ...configuration, language: locale, strings: WIDGET_STRINGS[locale] };
  }

  private closedPage(link: RequestLink | null, reason: Closed): SecretPage {
    const locale = link?.request.locale ?? 'en';
    const strings = REVIEW_PAGE_STRINGS[locale];
    const storeName = link?.store.storeName ?? '';
    const texts: Record<Closed, [string, string]> = {
      unknown: [strings.unknown_title, strings.unknown],
      uninstalled: [strings.uninstalled_title, fillIn(strings.uninstalled, { store: storeName })],
      closed: [strings.closed_title, strings.closed],
      expired: [strings.expired_title, strings.expired],
    };
    const [title, message] = texts[reason];
    const id = nonce();
    const html = messagePage({
      locale,
      nonce: id,
      title,
      message,
      storeName,
      storeUrl: storeUrlOf(link),
    });
    return {
      status: CLOSED_STATUS[reason],
      html,
      csp: messagePageCsp(id),
      error: { detail: CLOSED_DETAIL[reason], code: CLOSED_CODES[reason] },
    };
  }

  /**
   * A review through the link: the widget's upload path (its size, type and rate limits, resumable uploads) with the
   * request's store, buyer and products; it is pending, a verified purchase, and marks the request's product reviewed.
   */
  async submit(token: string, request: FastifyRequest): Promise<{ id: string; status: 'pending' }> {
    const link = await this.find(token);
    const closed = this.closedReason(link);
    if (!link || closed) {
      const reason = closed ?? 'unknown';
      throw new ApiError(CLOSED_STATUS[reason], { detail: CLOSED_DETAIL[reason], code: CLOSED_CODES[reason] });
    }
    const { merchantId, id: requestId, customerEmail } = link.request;
    const submission: RequestSubmission = {
      merchantId,
      customerEmail,
      product: (externalId) => {
        const product = link.products.find((candidate) => candidate.productExternalId === externalId);
        if (!product)
          throw ApiError.validation({ product_id: ['This review request does not ask about this product.'] });
        if (product.reviewId) {
          throw ApiError.conflict('You already reviewed this product through this link.', 'already_reviewed');
        }
        return {
          externalId,
          name: product.name,
          imageUrl: product.imageUrl ?? undefined,
          url: product.url ?? undefined,
        };
      },
      reviewed: async (tx, reviewId, productExternalId) => {
        const at = this.clock.now();
        if (!(await this.links.markProductReviewed(tx, merchantId, requestId, productExternalId, reviewId, at))) {
          throw ApiError.conflict('You already reviewed this product through this link.', 'already_reviewed');
        }
      },
    };
    const answer = await this.uploads.upload(request, submission);
    // The review is stored: a subscriber's failure (logged by the emitter) must not make the buyer send it again.
    await this.events.emit('requests.reviewed', { merchantId, requestIds: [requestId] }).catch(() => undefined);
    return answer;
  }

  /** One click (the mail's link, or RFC 8058's POST): the address is suppressed for the store, the request stops. */
  async unsubscribe(token: string, look = false): Promise<SecretPage> {
    const link = await this.find(token);
    if (!link) return this.closedPage(null, 'unknown');
    const { merchantId, id, customerEmail } = link.request;
    if (!look && customerEmail)
      await this.suppressions.suppress(merchantId, customerEmail, 'unsubscribed', { requestId: id });
    const strings = REVIEW_PAGE_STRINGS[link.request.locale];
    return this.unsubscribePage(
      link,
      strings.unsubscribed_title,
      fillIn(strings.unsubscribed, { store: link.store.storeName }),
      {
        label: strings.resubscribe,
        field: 'action',
        value: 'resubscribe',
      },
    );
  }

  /** The way back: an address the buyer unsubscribed leaves the list (a bounce or the merchant's entry stays). */
  async resubscribe(token: string): Promise<SecretPage> {
    const link = await this.find(token);
    if (!link) return this.closedPage(null, 'unknown');
    await this.suppressions.resubscribe(link.request.merchantId, link.request.customerEmail);
    const strings = REVIEW_PAGE_STRINGS[link.request.locale];
    return this.unsubscribePage(
      link,
      strings.resubscribed_title,
      fillIn(strings.resubscribed, { store: link.store.storeName }),
      {
        label: strings.unsubscribe_again,
        field: 'action',
        value: 'unsubscribe',
      },
    );
  }

  private unsubscribePage(
    link: RequestLink,
    title: string,
    message: string,
    action: { label: string; field: string; value: string },
  ): SecretPage {
    const id = nonce();
    const html = messagePage({
      locale: link.request.locale,
      nonce: id,
      title,
      message,
      storeName: link.store.storeName,
      storeUrl: storeUrlOf(link),
      action,
    });
    return { status: 200, html, csp: messagePageCsp(id) };
  }
}
