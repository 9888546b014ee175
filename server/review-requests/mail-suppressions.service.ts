import { Injectable } from '@nestjs/common';
import type { TSuppression, TSuppressionPage, TSuppressionReason } from '../../shared/review-requests.js';
import { ApiError } from '../common/api-error.js';
import { Clock } from '../common/clock.js';
import { MailSuppressionsRepository } from './mail-suppressions.repository.js';
import { mapSuppression } from './review-requests.mapper.js';
import { ReviewRequestsRepository } from './review-requests.repository.js';

/**
 * A store's suppression list: addresses it never mails again. Suppressing an address stops its open requests: one
 * not sent yet is skipped ('suppressed'), a sent one sends no more reminders; an unsubscribe marks its request.
 */
@Injectable()
export class MailSuppressionsService {
  constructor(
    private readonly suppressions: MailSuppressionsRepository,
    private readonly requests: ReviewRequestsRepository,
    private readonly clock: Clock,
  ) {}

  isSuppressed(merchantId: string, email: string): Promise<boolean> {
    return this.suppressions.isSuppressed(merchantId, email);
  }

  suppressedAmong(merchantId: string, emails: string[]): Promise<Set<string>> {
    return this.suppressions.suppressedAmong(merchantId, emails);
  }

  /**
   * Suppresses the address for the store (`unsubscribed` from a request's link names that request, which becomes
   * 'unsubscribed'). Safe to repeat: the first reason stays.
   */
  async suppress(
    merchantId: string,
    email: string,
    reason: TSuppressionReason,
    options: { detail?: string | null; requestId?: string } = {},
  ): Promise<TSuppression> {
    const row = await this.suppressions.add(merchantId, email, reason, options.detail ?? null);
    const at = this.clock.now();
    const open = await this.requests.openOfEmail(merchantId, email);
    const others = open.filter((request) => request.id !== options.requestId);
    await this.requests.close(
      merchantId,
      others.filter((request) => request.stepsSent === 0).map((request) => request.id),
      { status: 'skipped', skipReason: 'suppressed', at },
    );
    await this.requests.stopSending(
      merchantId,
      others.filter((request) => request.stepsSent > 0).map((request) => request.id),
    );
    if (options.requestId) {
      await this.requests.close(merchantId, [options.requestId], { status: 'unsubscribed', at });
    }
    return mapSuppression(row);
  }

  /** The way back from an unsubscribe: future requests go through again; the stopped request stays stopped. */
  async resubscribe(merchantId: string, email: string): Promise<boolean> {
    return !!email && this.suppressions.removeUnsubscribed(merchantId, email);
  }

  async list(
    merchantId: string,
    query: { search?: string; page: number; page_size: number },
  ): Promise<TSuppressionPage> {
    const offset = (query.page - 1) * query.page_size;
    const { count, rows } = await this.suppressions.list(merchantId, query.search, {
      offset,
      limit: query.page_size,
    });
    return {
      count,
      next: offset + rows.length < count ? query.page + 1 : null,
      previous: query.page > 1 ? query.page - 1 : null,
      results: rows.map(mapSuppression),
    };
  }

  async remove(merchantId: string, id: string): Promise<void> {
    if (!(await this.suppressions.remove(merchantId, id))) throw ApiError.notFound('No such suppressed address.');
  }

  /** A customer's erasure: the addresses stay suppressed by their hash only. */
  forgetAddresses(merchantId: string, emails: string[]): Promise<void> {
    return this.suppressions.forgetAddresses(merchantId, emails);
  }
}
