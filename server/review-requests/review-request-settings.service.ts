import { Injectable } from '@nestjs/common';
import {
  REVIEW_REQUEST_DEFAULTS,
  ZReviewRequestSettings,
  type TReviewRequestSettings,
  type TReviewRequestSettingsPatch,
} from '../../shared/review-requests.js';
import { ApiError } from '../common/api-error.js';
import { zodFields } from '../common/error-body.js';
import { ReviewRequestsRepository } from './review-requests.repository.js';

/** A saved value merged over the defaults; one that no longer parses (an older shape) falls back to them. */
export function mergedSettings(saved: Record<string, unknown> | null): TReviewRequestSettings {
  const incentive = { ...REVIEW_REQUEST_DEFAULTS.incentive, ...((saved?.incentive as object | undefined) ?? {}) };
  const candidate = { ...REVIEW_REQUEST_DEFAULTS, ...(saved ?? {}), incentive };
  const parsed = ZReviewRequestSettings.safeParse(candidate);
  return parsed.success ? parsed.data : ZReviewRequestSettings.parse(REVIEW_REQUEST_DEFAULTS);
}

/** A store's review request settings: what it saved, over REVIEW_REQUEST_DEFAULTS (requests on from day one). */
@Injectable()
export class ReviewRequestSettingsService {
  constructor(private readonly requests: ReviewRequestsRepository) {}

  async of(merchantId: string): Promise<TReviewRequestSettings> {
    return mergedSettings(await this.requests.settingsOf(merchantId));
  }

  /** Applies the fields given; the whole must still hold together (the window ends after it starts…). */
  async save(merchantId: string, patch: TReviewRequestSettingsPatch): Promise<TReviewRequestSettings> {
    const current = await this.of(merchantId);
    const next = ZReviewRequestSettings.safeParse({
      ...current,
      ...patch,
      incentive: { ...current.incentive, ...(patch.incentive ?? {}) },
    });
    if (!next.success) throw ApiError.validation(zodFields(next.error));
    await this.requests.saveSettings(merchantId, next.data);
    return next.data;
  }
}
