import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ZHelpfulVote, type THelpfulVoteResult } from '../../shared/storefront.js';
import { ApiError } from '../common/api-error.js';
import { zodFields } from '../common/error-body.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RateLimits } from '../rate-limits/rate-limits.js';
import { StorefrontService } from '../storefront/storefront.service.js';
import { EVENT_BATCHES_PER_IP, EVENT_BATCHES_PER_STORE, NEW_SESSIONS_PER_IP } from '../widget-events/beacon-rules.js';
import { HelpfulVotesRepository } from './helpful-votes.repository.js';

/**
 * Sessions of one address that count on one review: a household or an office voting from several tabs or devices,
 * not a script inventing sessions.
 */
export const VOTES_PER_ADDRESS_REVIEW = 3;

/**
 * Shoppers' "helpful" votes: one per widget session and review, under the beacons' own ceilings (beacon-rules.ts,
 * the same counters): the address's and the store's request rates answer 429, and a session new to the store past the
 * address's hourly ceiling of new sessions is dropped quietly, as its beacons would be.
 *
 * A vote does not change the store's data version: the count in the storefront's cached answers catches up when the
 * version next changes or the answer expires (StorefrontService: 5 minutes in the shared cache; a CDN may keep an
 * answer to the current version up to CDN_CACHE.versioned's s-maxage), so votes never empty a store's caches.
 */
@Injectable()
export class HelpfulVotesService {
  constructor(
    private readonly votes: HelpfulVotesRepository,
    private readonly storefront: StorefrontService,
    private readonly limits: RateLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async vote(reviewId: string, body: unknown, ip: string): Promise<THelpfulVoteResult> {
    await this.limits.consume(EVENT_BATCHES_PER_IP, ip);
    const parsed = ZHelpfulVote.safeParse(typeof body === 'string' ? parseJson(body) : body);
    if (!parsed.success) throw ApiError.validation(zodFields(parsed.error));
    const store = await this.storefront.findStore(parsed.data.merchant_id);
    if (!store) throw ApiError.notFound('No store with this id.', 'unknown_store');
    await this.limits.consume(EVENT_BATCHES_PER_STORE, store.id);
    const result = await this.votes.vote(
      {
        merchantId: store.id,
        reviewId,
        sessionId: parsed.data.session_id,
        // Keyed, so the stored hash cannot be turned back into the address by trying every address.
        addressHash: createHmac('sha256', this.config.secrets.jwt).update(`vote:${ip}`).digest('base64url'),
      },
      VOTES_PER_ADDRESS_REVIEW,
      async (knownSession) => {
        if (knownSession) return true;
        return !(await this.limits.hit(NEW_SESSIONS_PER_IP, `${store.id}:${ip}`)).isBlocked;
      },
    );
    if (!result) throw ApiError.notFound('This store shows no such review.', 'unknown_review');
    return { counted: result.counted, helpful_count: result.helpfulCount };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw ApiError.badRequest('The body is not valid JSON.', 'invalid_json');
  }
}
