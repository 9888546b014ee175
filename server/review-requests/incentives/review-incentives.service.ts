import { randomInt } from 'node:crypto';
import { fromMinorUnits } from '../../common/money.js';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { TRequestIncentive } from '../../../shared/review-requests.js';
import type { TLanguage } from '../../../shared/constants.js';
import { AccountsRepository } from '../../accounts/accounts.repository.js';
import { Clock } from '../../common/clock.js';
import { SecretBox } from '../../common/secret-box.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { DomainEvents } from '../../events/domain-events.js';
import { JobQueue, PermanentJobError } from '../../jobs/job-queue.service.js';
import { MailService } from '../../mail/mail.service.js';
import { ReviewRequestSettingsService } from '../review-request-settings.service.js';
import { incentiveMail } from './incentive-mail.js';
import { IncentivesRepository } from './incentives.repository.js';
import { PlatformDiscountsRegistry } from './platform-discounts.js';

const QUEUE = 'review-request.incentive';
const DAY_MS = 24 * 60 * 60 * 1000;
/** No 0/O or 1/I: a buyer types the code. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Reviews sent, or approved by the merchant. */
interface ReviewsMade extends Record<string, unknown> {
  merchantId: string;
  reviewIds: string[];
  moment: TRequestIncentive['send_on'];
}

/** Whether the store's incentive rewards a review at this moment. A photo reward takes a video too. */
export function rewards(
  incentive: TRequestIncentive,
  review: { moment: TRequestIncentive['send_on']; hasVideo: boolean; hasPhoto: boolean },
): boolean {
  if (incentive.reward === 'none' || incentive.send_on !== review.moment) return false;
  if (incentive.reward === 'video') return review.hasVideo;
  if (incentive.reward === 'photo') return review.hasVideo || review.hasPhoto;
  return true;
}

export function newDiscountCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `THANKS-${code}`;
}

/**
 * Review incentives (issue 24): a discount for a review made through a review request, mailed when the review is
 * sent or when it is approved. The code is a single-use one made on the store's platform, or the merchant's fixed
 * code. Never two codes for one request: the request keeps its code (sealed) before any platform call, the platform
 * call is idempotent by that code, and the mail is sent by one job keyed by the request.
 */
@Injectable()
export class ReviewIncentives implements OnModuleInit {
  private readonly logger = new Logger(ReviewIncentives.name);
  private readonly box: SecretBox;

  constructor(
    private readonly repository: IncentivesRepository,
    private readonly accounts: AccountsRepository,
    private readonly settings: ReviewRequestSettingsService,
    private readonly platforms: PlatformDiscountsRegistry,
    private readonly events: DomainEvents,
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.secrets.encryptionKey);
  }

  onModuleInit(): void {
    this.jobs.register<ReviewsMade>(QUEUE, {
      concurrency: 2,
      attempts: 8,
      handle: (made) => this.reward(made),
    });
    this.events.on('review.submitted', ({ merchantId, reviewId }) =>
      this.queue({ merchantId, reviewIds: [reviewId], moment: 'submitted' }),
    );
    this.events.on('reviews.moderated', async ({ merchantId, action, reviewIds }) => {
      if (action === 'approve') await this.queue({ merchantId, reviewIds, moment: 'approved' });
    });
  }

  /**
   * Looked at in a job, after every subscriber of the event ran (the request's product is marked reviewed by then),
   * and never failing the review's own answer: the review stands whatever happens here.
   */
  private async queue(made: ReviewsMade): Promise<void> {
    await this.jobs.enqueue(QUEUE, { ...made }).catch((err: unknown) => {
      this.logger.error({ err, merchantId: made.merchantId }, 'Could not queue a review incentive');
    });
  }

  /** Sends the reward of each request these reviews were made through, when the setting gives one for them now. */
  async reward({ merchantId, reviewIds, moment }: ReviewsMade): Promise<void> {
    const { incentive } = await this.settings.of(merchantId);
    for (const made of await this.repository.requestsOfReviews(merchantId, reviewIds)) {
      if (rewards(incentive, { moment, ...made })) await this.deliver(merchantId, made.requestId);
    }
  }

  private sealContext(requestId: string): string {
    return `incentive-code:${requestId}`;
  }

  async deliver(merchantId: string, requestId: string): Promise<void> {
    let request = await this.repository.request(merchantId, requestId);
    if (!request || request.incentiveSentAt || !request.customerEmail) return;
    const merchant = await this.accounts.findMerchant(merchantId);
    if (!merchant) return;
    const { incentive, reply_to: replyTo } = await this.settings.of(merchantId);
    if (incentive.reward === 'none') return;
    if (!request.incentiveCodeSealed) {
      const candidate = incentive.code_source === 'fixed' ? incentive.fixed_code : newDiscountCode();
      if (!candidate) throw new PermanentJobError('The incentive has no code to send.');
      await this.repository.claimCode(merchantId, requestId, this.box.seal(candidate, this.sealContext(requestId)));
      request = await this.repository.request(merchantId, requestId);
      if (!request?.incentiveCodeSealed) return;
    }
    const code = this.box.open(request.incentiveCodeSealed, this.sealContext(requestId));
    const now = this.clock.now();
    const endsAt = new Date(now.getTime() + incentive.expires_days * DAY_MS);
    if (incentive.code_source === 'platform') {
      const platform = this.platforms.of(merchant);
      if (!platform) throw new PermanentJobError('The store is not connected to a platform that makes discount codes.');
      await platform.create(merchant, {
        code,
        title: `Review reward ${code}`,
        valueType: incentive.value_type,
        value: incentive.value,
        currency: merchant.currency,
        startsAt: now,
        endsAt,
      });
    }
    const lang: TLanguage = request.locale;
    const content = incentiveMail(lang, {
      storeName: merchant.storeName,
      firstName: request.customerName.trim().split(/\s+/)[0] ?? '',
      code,
      value: valueText(lang, incentive, merchant.currency),
      expiresOn: new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: merchant.timezone ?? 'UTC' }).format(
        endsAt,
      ),
      storeUrl: merchant.storeDomain ? `https://${merchant.storeDomain}` : null,
    });
    // Two jobs for one request (two of its reviews approved one after the other) send one mail: the first to claim it.
    const claimedAt = this.clock.now();
    if (!(await this.repository.claimSend(merchantId, requestId, claimedAt))) return;
    try {
      await this.mail.send({
        to: request.customerEmail,
        fromName: merchant.storeName,
        replyTo: replyTo ?? undefined,
        ...content,
      });
    } catch (error) {
      await this.repository.releaseSend(merchantId, requestId, claimedAt);
      throw error;
    }
  }
}

const OFF: Record<TLanguage, (amount: string) => string> = {
  en: (amount) => `${amount} off`,
  es: (amount) => `${amount} de descuento`,
  pt: (amount) => `${amount} de desconto`,
};

function valueText(lang: TLanguage, incentive: TRequestIncentive, currency: string | null): string {
  if (incentive.value_type === 'percentage') {
    return OFF[lang](new Intl.NumberFormat(lang, { style: 'percent' }).format(incentive.value / 100));
  }
  const amount = Number(fromMinorUnits(incentive.value, currency));
  return OFF[lang](
    currency ? new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount) : amount.toFixed(2),
  );
}
