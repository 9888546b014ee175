import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { TSuppressionReason } from '../../shared/review-requests.js';
import { escapeLike } from '../common/escape-like.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { mailSuppressions } from '../database/schema.js';
import { hashEmail } from './request-token.js';

export type SuppressionRow = typeof mailSuppressions.$inferSelect;

/** Addresses a store never mails again, kept by their hash; every method takes the merchant (DESIGN §4). */
@Injectable()
export class MailSuppressionsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  async isSuppressed(merchantId: string, email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: mailSuppressions.id })
      .from(mailSuppressions)
      .where(and(eq(mailSuppressions.merchantId, merchantId), eq(mailSuppressions.emailHash, hashEmail(email))))
      .limit(1);
    return !!row;
  }

  /** The addresses among `emails` (lowercased) on the store's list: one query for a batch of orders. */
  async suppressedAmong(merchantId: string, emails: string[]): Promise<Set<string>> {
    if (!emails.length) return new Set();
    const byHash = new Map(emails.map((email) => [hashEmail(email), email]));
    const rows = await this.db
      .select({ emailHash: mailSuppressions.emailHash })
      .from(mailSuppressions)
      .where(and(eq(mailSuppressions.merchantId, merchantId), inArray(mailSuppressions.emailHash, [...byHash.keys()])));
    return new Set(rows.map((row) => byHash.get(row.emailHash)!));
  }

  /** Adds the address; one already suppressed keeps its first reason. Answers the row either way. */
  async add(merchantId: string, email: string, reason: TSuppressionReason, detail: string | null) {
    const emailHash = hashEmail(email);
    await this.db
      .insert(mailSuppressions)
      .values({ merchantId, emailHash, email: email.trim().toLowerCase(), reason, detail })
      .onConflictDoNothing({ target: [mailSuppressions.merchantId, mailSuppressions.emailHash] });
    const [row] = await this.db
      .select()
      .from(mailSuppressions)
      .where(and(eq(mailSuppressions.merchantId, merchantId), eq(mailSuppressions.emailHash, emailHash)));
    return row;
  }

  async list(
    merchantId: string,
    search: string | undefined,
    page: { offset: number; limit: number },
  ): Promise<{ count: number; rows: SuppressionRow[] }> {
    const where = and(
      eq(mailSuppressions.merchantId, merchantId),
      search ? ilike(mailSuppressions.email, `%${escapeLike(search.toLowerCase())}%`) : undefined,
    );
    const [total] = await this.db.select({ n: count() }).from(mailSuppressions).where(where);
    const rows = await this.db
      .select()
      .from(mailSuppressions)
      .where(where)
      .orderBy(desc(mailSuppressions.createdAt), desc(mailSuppressions.id))
      .offset(page.offset)
      .limit(page.limit);
    return { count: total.n, rows };
  }

  async remove(merchantId: string, id: string): Promise<boolean> {
    const gone = await this.db
      .delete(mailSuppressions)
      .where(and(eq(mailSuppressions.merchantId, merchantId), eq(mailSuppressions.id, id)))
      .returning({ id: mailSuppressions.id });
    return gone.length > 0;
  }

  /** A customer's erasure: their suppressions keep only the hash, so they are still never mailed. */
  async forgetAddresses(merchantId: string, emails: string[]): Promise<void> {
    if (!emails.length) return;
    await this.db
      .update(mailSuppressions)
      .set({ email: null })
      .where(
        and(eq(mailSuppressions.merchantId, merchantId), inArray(mailSuppressions.emailHash, emails.map(hashEmail))),
      );
  }

  /** The address leaves the list only when the buyer put it there (not a bounce, nor the merchant's choice). */
  async removeUnsubscribed(merchantId: string, email: string): Promise<boolean> {
    const removed = await this.db
      .delete(mailSuppressions)
      .where(
        and(
          eq(mailSuppressions.merchantId, merchantId),
          eq(mailSuppressions.emailHash, hashEmail(email)),
          eq(mailSuppressions.reason, 'unsubscribed'),
        ),
      )
      .returning({ id: mailSuppressions.id });
    return removed.length > 0;
  }
}
