import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { TLanguage } from '../../shared/constants.js';
import type { TNewReviewNotice } from '../../shared/notifications.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import {
  memberships,
  merchants,
  notificationPreferences,
  notificationSends,
  products,
  reviews,
  users,
} from '../database/schema.js';

/** A member's preferences as they apply: their saved choice, or their role's default. */
export interface EffectivePreferences {
  newReviews: TNewReviewNotice;
  lowRatingInstant: boolean;
  lastDigestAt: Date | null;
}

/** A member of a store, with what the mails to them need. */
export interface Recipient extends EffectivePreferences {
  membershipId: string;
  email: string;
  firstName: string;
}

export interface NotifyStore {
  id: string;
  storeName: string;
  mainLanguage: TLanguage;
  timezone: string | null;
}

export interface NotifiedReview {
  id: string;
  rating: number;
  customerName: string;
  comment: string;
  productName: string;
  createdAt: Date;
  hasVideo: boolean;
  hasPhoto: boolean;
}

/**
 * DESIGN §6 decision for members who never chose: the owner hears of each review at once (what a Judge.me merchant
 * gets by default), other members get the daily digest; both get a review of 2 stars or fewer at once.
 */
const DEFAULT_NEW_REVIEWS = sql<TNewReviewNotice>`case when ${memberships.role} = 'owner' then 'instant' else 'digest' end`;
const NEW_REVIEWS = sql<TNewReviewNotice>`coalesce(${notificationPreferences.newReviews}, ${DEFAULT_NEW_REVIEWS})`;
const LOW_RATING_INSTANT = sql<boolean>`coalesce(${notificationPreferences.lowRatingInstant}, true)`;
/** Reviews a member is told about: shoppers' and teammates' submissions, not a CSV import's history. */
/** Stores checked by one statement of the digest dispatcher. */
const PAIRS_AT_ONCE = 1_000;
const SUBMITTED = sql`${reviews.source} <> 'import' and ${reviews.deletedAt} is null`;

/** Team notification preferences and what was mailed; every method names its store or its membership. */
@Injectable()
export class NotificationsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  /** The user's membership of the workspace, and its store's time zone as saved now. */
  async membershipOf(
    workspaceId: string,
    userId: string,
  ): Promise<{ membershipId: string; timezone: string | null } | null> {
    const [row] = await this.db
      .select({ membershipId: memberships.id, timezone: merchants.timezone })
      .from(memberships)
      .innerJoin(merchants, eq(merchants.workspaceId, memberships.workspaceId))
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
    return row ?? null;
  }

  async preferences(membershipId: string): Promise<EffectivePreferences | null> {
    const [row] = await this.db
      .select({
        newReviews: NEW_REVIEWS,
        lowRatingInstant: LOW_RATING_INSTANT,
        lastDigestAt: notificationPreferences.lastDigestAt,
      })
      .from(memberships)
      .leftJoin(notificationPreferences, eq(notificationPreferences.membershipId, memberships.id))
      .where(eq(memberships.id, membershipId));
    return row ?? null;
  }

  /** Saves the choice; `digestFrom` (joining the digest) starts the next digest's period there. */
  async save(
    membershipId: string,
    choice: { newReviews: TNewReviewNotice; lowRatingInstant: boolean },
    now: Date,
    digestFrom?: Date,
  ): Promise<void> {
    const set = { ...choice, updatedAt: now, ...(digestFrom ? { lastDigestAt: digestFrom } : {}) };
    await this.db
      .insert(notificationPreferences)
      .values({ membershipId, ...set })
      .onConflictDoUpdate({ target: notificationPreferences.membershipId, set });
  }

  /** The store a membership belongs to (the unsubscribe page names it). */
  async storeOfMembership(membershipId: string): Promise<NotifyStore | null> {
    const [row] = await this.db
      .select({
        id: merchants.id,
        storeName: merchants.storeName,
        mainLanguage: merchants.mainLanguage,
        timezone: merchants.timezone,
      })
      .from(memberships)
      .innerJoin(merchants, eq(merchants.workspaceId, memberships.workspaceId))
      .where(eq(memberships.id, membershipId));
    return row ?? null;
  }

  async store(merchantId: string): Promise<NotifyStore | null> {
    const [row] = await this.db
      .select({
        id: merchants.id,
        storeName: merchants.storeName,
        mainLanguage: merchants.mainLanguage,
        timezone: merchants.timezone,
      })
      .from(merchants)
      .where(eq(merchants.id, merchantId));
    return row ?? null;
  }

  /** The store's active members with their preferences in effect. */
  async recipients(merchantId: string): Promise<Recipient[]> {
    return this.db
      .select({
        membershipId: memberships.id,
        email: users.email,
        firstName: users.firstName,
        newReviews: NEW_REVIEWS,
        lowRatingInstant: LOW_RATING_INSTANT,
        lastDigestAt: notificationPreferences.lastDigestAt,
      })
      .from(merchants)
      .innerJoin(memberships, eq(memberships.workspaceId, merchants.workspaceId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(notificationPreferences, eq(notificationPreferences.membershipId, memberships.id))
      .where(and(eq(merchants.id, merchantId), eq(users.isActive, true)))
      .orderBy(memberships.createdAt, memberships.id);
  }

  /** Stores with a member on the digest, and their time zones (the dispatcher finds whose 09:00 has come). */
  async digestStores(): Promise<Array<{ merchantId: string; timezone: string | null }>> {
    return this.db
      .selectDistinct({ merchantId: merchants.id, timezone: merchants.timezone })
      .from(merchants)
      .innerJoin(memberships, eq(memberships.workspaceId, merchants.workspaceId))
      .leftJoin(notificationPreferences, eq(notificationPreferences.membershipId, memberships.id))
      .where(sql`${NEW_REVIEWS} = 'digest'`);
  }

  /** Among (store, day) pairs, those with a digest member whose digest of that day was not recorded yet. */
  async unservedDigests(
    pairs: Array<{ merchantId: string; date: string }>,
  ): Promise<Array<{ merchantId: string; date: string }>> {
    const found: Array<{ merchantId: string; date: string }> = [];
    for (let start = 0; start < pairs.length; start += PAIRS_AT_ONCE) {
      const values = sql.join(
        pairs.slice(start, start + PAIRS_AT_ONCE).map((pair) => sql`(${pair.merchantId}::uuid, ${pair.date})`),
        sql`, `,
      );
      found.push(
        ...(await this.database.rows<{ merchantId: string; date: string }>(sql`
          select distinct due.merchant_id as "merchantId", due.day as "date"
          from (values ${values}) as due(merchant_id, day)
          join ${merchants} on ${merchants.id} = due.merchant_id
          join ${memberships} on ${memberships.workspaceId} = ${merchants.workspaceId}
          left join ${notificationPreferences} on ${notificationPreferences.membershipId} = ${memberships.id}
          where ${NEW_REVIEWS} = 'digest' and not exists (
            select 1 from ${notificationSends} s
            where s.membership_id = ${memberships.id} and s.key = 'digest:' || due.day and s.sent_at is not null)`)),
      );
    }
    return found;
  }

  async review(merchantId: string, reviewId: string): Promise<NotifiedReview | null> {
    const [row] = await this.reviewsQuery()
      .where(and(eq(reviews.merchantId, merchantId), eq(reviews.id, reviewId), isNull(reviews.deletedAt)))
      .limit(1);
    return row ?? null;
  }

  /** The store's reviews submitted in (`from`, `to`], newest first, at most `limit`, and how many there are. */
  async submittedBetween(
    merchantId: string,
    from: Date,
    to: Date,
    limit: number,
  ): Promise<{ reviews: NotifiedReview[]; total: number }> {
    const period = and(
      eq(reviews.merchantId, merchantId),
      gt(reviews.createdAt, from),
      lte(reviews.createdAt, to),
      SUBMITTED,
    );
    const [list, [count]] = await Promise.all([
      this.reviewsQuery().where(period).orderBy(desc(reviews.createdAt)).limit(limit),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(reviews)
        .where(period),
    ]);
    return { reviews: list, total: count.total };
  }

  private reviewsQuery() {
    return this.db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        customerName: reviews.customerName,
        comment: reviews.comment,
        productName: products.name,
        createdAt: reviews.createdAt,
        hasVideo: sql<boolean>`${reviews.videoKey} is not null`,
        hasPhoto: sql<boolean>`${reviews.photoKey} is not null`,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .$dynamic();
  }

  /**
   * Takes (membership, key) for sending until `until`: true when it is this caller's — never sent, and nobody else's
   * claim is live. The primary key makes this one step across jobs and instances.
   */
  async claim(membershipId: string, key: string, now: Date, until: Date): Promise<boolean> {
    const rows = await this.database.rows<{ key: string }>(sql`
      insert into ${notificationSends} (membership_id, key, claimed_until)
      values (${membershipId}, ${key}, ${until.toISOString()}::timestamptz)
      on conflict (membership_id, key) do update set claimed_until = excluded.claimed_until
      where ${notificationSends}.sent_at is null
        and (${notificationSends}.claimed_until is null or ${notificationSends}.claimed_until < ${now.toISOString()}::timestamptz)
      returning key`);
    return rows.length > 0;
  }

  /** Gives a claim back (its mail failed): a retry may take it. */
  async release(membershipId: string, key: string): Promise<void> {
    await this.db
      .update(notificationSends)
      .set({ claimedUntil: null })
      .where(
        and(
          eq(notificationSends.membershipId, membershipId),
          eq(notificationSends.key, key),
          isNull(notificationSends.sentAt),
        ),
      );
  }

  /** Records the mail sent, and for a digest moves the member's period on, in one transaction. */
  async markSent(membershipId: string, key: string, at: Date, digestUntil?: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(notificationSends)
        .set({ sentAt: at, claimedUntil: null })
        .where(and(eq(notificationSends.membershipId, membershipId), eq(notificationSends.key, key)));
      if (!digestUntil) return;
      await tx
        .insert(notificationPreferences)
        .values({ membershipId, newReviews: 'digest', lastDigestAt: digestUntil, updatedAt: at })
        .onConflictDoUpdate({ target: notificationPreferences.membershipId, set: { lastDigestAt: digestUntil } });
    });
  }

  /** Forgets what was sent before `before` (past any retry's reach). */
  async prune(before: Date): Promise<void> {
    await this.db.delete(notificationSends).where(lte(notificationSends.createdAt, before));
  }
}
