import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { TModerationAction, TReview, TReviewBulkResult, ZReviewBulk } from '../../shared/reviews.js';
import { storeOf, type WorkspaceContext } from '../auth/auth-context.js';
import { PlanLimitsService, type TLimitKind } from '../billing/plan-limits.service.js';
import { ApiError } from '../common/api-error.js';
import { DomainEvents } from '../events/domain-events.js';
import { decideModeration } from './moderation-rules.js';
import { ReviewsRepository, type ReviewChange } from './reviews.repository.js';
import { ReviewsService } from './reviews.service.js';

/** Reviews per transaction of a bulk action: the store's moderation lock is never held for long. */
export const BULK_CHUNK = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/** Approve, reject, restore and delete (DESIGN §6.1–§6.3), one review at a time or many at once. */
@Injectable()
export class ReviewModerationService {
  constructor(
    private readonly repository: ReviewsRepository,
    private readonly reviews: ReviewsService,
    private readonly limits: PlanLimitsService,
    private readonly events: DomainEvents,
  ) {}

  async approve(auth: WorkspaceContext, id: string): Promise<TReview> {
    await this.moderate(auth, 'approve', id);
    return this.reviews.get(auth, id);
  }

  async reject(auth: WorkspaceContext, id: string): Promise<TReview> {
    await this.moderate(auth, 'reject', id);
    return this.reviews.get(auth, id);
  }

  async restore(auth: WorkspaceContext, id: string): Promise<TReview> {
    await this.moderate(auth, 'restore', id);
    return this.reviews.get(auth, id);
  }

  remove(auth: WorkspaceContext, id: string): Promise<void> {
    return this.moderate(auth, 'delete', id);
  }

  /** One review: a refusal is an error (400, or 403 plan_limit with the usage). */
  private async moderate(auth: WorkspaceContext, action: TModerationAction, id: string): Promise<void> {
    const merchantId = storeOf(auth).id;
    const plan = await this.limits.planOf(merchantId);
    await this.repository.moderate(merchantId, [id], auth.user.id, async ([review], usage) => {
      if (!review) throw ApiError.notFound('No review with this id in your store.');
      const decision = decideModeration(action, review, new Date());
      if (decision.kind === 'unchanged') throw ApiError.badRequest(decision.detail, 'invalid_transition');
      if (decision.kind === 'not_allowed') throw ApiError.badRequest(decision.detail, decision.code);
      const { needs } = decision;
      if (needs.total || needs.active) {
        const current = await usage();
        if (needs.total) this.limits.assertRoom(current, plan, 'total');
        if (needs.active) this.limits.assertRoom(current, plan, 'active');
      }
      return new Map([[review.id, decision.change]]);
    });
    await this.reviews.changed(merchantId, { reviewIds: [id] });
    await this.moderated(merchantId, action, [id]);
  }

  /**
   * The store's rules publish a review that just became publishable: only while it is still pending (the merchant
   * may have rejected or deleted it meanwhile), and only within the plan, as the merchant's approval. A plan at its
   * limit leaves it pending. Recorded with no actor.
   */
  async autoApprove(merchantId: string, id: string): Promise<'approved' | 'plan_limit' | 'unchanged'> {
    const plan = await this.limits.planOf(merchantId);
    let outcome = 'unchanged' as 'approved' | 'plan_limit' | 'unchanged';
    await this.repository.moderate(merchantId, [id], null, async ([review], usage) => {
      if (review?.status !== 'pending' || review.deletedAt) return new Map();
      const decision = decideModeration('approve', review, new Date());
      if (decision.kind !== 'change') return new Map();
      const room = this.limits.room(await usage(), plan);
      if (decision.needs.active > room.active || decision.needs.total > room.total) {
        outcome = 'plan_limit';
        return new Map();
      }
      outcome = 'approved';
      return new Map([[review.id, decision.change]]);
    });
    if (outcome === 'approved') {
      await this.reviews.changed(merchantId, { reviewIds: [id] });
      await this.moderated(merchantId, 'approve', [id]);
    }
    return outcome;
  }

  /** Tells who acts on moderation (review incentives, outgoing webhooks); the change stands whatever they do. */
  private async moderated(merchantId: string, action: TModerationAction, reviewIds: string[]): Promise<void> {
    await this.events.emit('reviews.moderated', { merchantId, action, reviewIds }).catch(() => undefined);
  }

  /**
   * Many reviews: each gets what a single action would do, or is counted by why not. Approvals and restorations
   * fill the plan's room in the list's order (newest first), the rest are reported with the plan-limit refusal.
   */
  async bulk(auth: WorkspaceContext, body: z.output<typeof ZReviewBulk>): Promise<TReviewBulkResult> {
    const merchantId = storeOf(auth).id;
    // PostgreSQL reads a UUID in either case: so do the repeats.
    const named = body.ids ? [...new Set(body.ids.map((id) => id.toLowerCase()))] : undefined;
    const ids = await this.repository.targetIds(merchantId, named ? { ids: named } : (body.filter ?? {}));
    const result: TReviewBulkResult = {
      action: body.action,
      matched: named?.length ?? ids.length,
      changed: 0,
      unchanged: 0,
      not_allowed: 0,
      skipped_limit: 0,
      not_found: (named?.length ?? ids.length) - ids.length,
      limit: null,
    };
    const plan = await this.limits.planOf(merchantId);
    const now = new Date();
    let blockedBy: TLimitKind | undefined;
    const changedIds: string[] = [];
    try {
      for (const chunk of chunks(ids, BULK_CHUNK)) {
        let found = 0;
        const updated = await this.repository.moderate(merchantId, chunk, auth.user.id, async (reviews, usage) => {
          found = reviews.length;
          const changes = new Map<string, ReviewChange>();
          let room: Record<TLimitKind, number> | undefined;
          for (const review of reviews) {
            const decision = decideModeration(body.action, review, now);
            if (decision.kind !== 'change') {
              result[decision.kind] += 1;
              continue;
            }
            const { needs } = decision;
            if (needs.active || needs.total) {
              room ??= this.limits.room(await usage(), plan);
              const short = (['total', 'active'] as const).find((kind) => needs[kind] > room![kind]);
              if (short) {
                blockedBy ??= short;
                result.skipped_limit += 1;
                continue;
              }
              room.active -= needs.active;
              room.total -= needs.total;
            }
            changes.set(review.id, decision.change);
          }
          return changes;
        });
        // Gone between the listing and the lock (purged, or the store erased).
        result.not_found += chunk.length - found;
        result.changed += updated.length;
        changedIds.push(...updated);
        if (updated.length) await this.moderated(merchantId, body.action, updated);
      }
    } finally {
      if (result.changed) await this.reviews.changed(merchantId, { reviewIds: changedIds });
    }
    if (blockedBy) result.limit = this.limits.refusal(await this.repository.usage(merchantId), plan, blockedBy);
    return result;
  }
}
