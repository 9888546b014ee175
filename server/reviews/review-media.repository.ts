import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { PreparedStatements } from '../database/prepared-statements.js';
import { media, reviews } from '../database/schema.js';

export type ProcessingTarget = Pick<
  typeof reviews.$inferSelect,
  'id' | 'merchantId' | 'status' | 'videoKey' | 'photoKey' | 'thumbnailKey' | 'mediaState' | 'mediaError'
>;

export interface ProcessedMedia {
  videoKey: string | null;
  photoKey: string | null;
  thumbnailKey: string | null;
  /** Rows for the new files (size, dimensions, duration). */
  files: Array<typeof media.$inferInsert>;
}

/** The reviews side of media processing: what a job reads, and the one write that publishes its result. */
@Injectable()
export class ReviewMediaRepository {
  private readonly statements = new PreparedStatements('review_media');

  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  async target(reviewId: string): Promise<ProcessingTarget | null> {
    const [row] = await this.db
      .select({
        id: reviews.id,
        merchantId: reviews.merchantId,
        status: reviews.status,
        videoKey: reviews.videoKey,
        photoKey: reviews.photoKey,
        thumbnailKey: reviews.thumbnailKey,
        mediaState: reviews.mediaState,
        mediaError: reviews.mediaError,
      })
      .from(reviews)
      .where(eq(reviews.id, reviewId));
    return row ?? null;
  }

  /**
   * Points the review at its processed files, only while it still waits for them and still names the originals
   * (a second run of the job, or a review erased meanwhile, changes nothing). Answers whether it did.
   */
  async finish(target: ProcessingTarget, processed: ProcessedMedia): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated = await tx
        .update(reviews)
        .set({
          videoKey: processed.videoKey,
          photoKey: processed.photoKey,
          thumbnailKey: processed.thumbnailKey,
          mediaState: 'ready',
          mediaError: null,
        })
        .where(and(eq(reviews.id, target.id), eq(reviews.mediaState, 'processing')))
        .returning({ id: reviews.id });
      if (!updated.length) return false;
      const originals = [target.videoKey, target.photoKey, target.thumbnailKey].filter((key) => key !== null);
      if (originals.length) await tx.delete(media).where(inArray(media.key, originals));
      if (processed.files.length) await tx.insert(media).values(processed.files).onConflictDoNothing();
      return true;
    });
  }

  /** The file cannot be shown: the review keeps its original (private) and says why. */
  async fail(reviewId: string, reason: string): Promise<void> {
    await this.db
      .update(reviews)
      .set({ mediaState: 'failed', mediaError: reason })
      .where(and(eq(reviews.id, reviewId), eq(reviews.mediaState, 'processing')));
  }

  /**
   * The review's media cannot be processed here yet (no ffmpeg on the server): it stays `processing`, off the
   * storefront, with the reason the merchant sees, until a machine that can picks it up again (`waitingForTools`).
   * null: it no longer waits (its processing starts).
   */
  async waitForTools(reviewId: string, reason: string | null): Promise<void> {
    await this.db
      .update(reviews)
      .set({ mediaError: reason })
      .where(and(eq(reviews.id, reviewId), eq(reviews.mediaState, 'processing')));
  }

  /** Reviews whose media wait for the server's tools (a reason recorded while still processing). */
  async waitingForTools(limit: number): Promise<MediaWork[]> {
    return this.db
      .select({ id: reviews.id, merchantId: reviews.merchantId })
      .from(reviews)
      .where(and(eq(reviews.mediaState, 'processing'), isNotNull(reviews.mediaError)))
      .orderBy(asc(reviews.createdAt))
      .limit(limit);
  }

  async countWaitingForTools(merchantId: string): Promise<number> {
    // Read on the Reviews page of owners (whether videos wait for ffmpeg): a prepared statement.
    const statement = this.statements.get('waiting_for_tools', (name) =>
      this.db
        .select({ count: count() })
        .from(reviews)
        .where(
          and(
            eq(reviews.merchantId, sql.placeholder('merchant')),
            eq(reviews.mediaState, 'processing'),
            isNotNull(reviews.mediaError),
            isNull(reviews.deletedAt),
          ),
        )
        .prepare(name),
    );
    const [row] = await statement.execute({ merchant: merchantId });
    return row?.count ?? 0;
  }

  /**
   * Reviews still waiting for their media since before `before`: their job was lost (a crash, an outage). Those
   * waiting for the server's tools are left to `waitingForTools`.
   */
  async waitingSince(before: Date, limit: number): Promise<MediaWork[]> {
    return this.db
      .select({ id: reviews.id, merchantId: reviews.merchantId })
      .from(reviews)
      .where(and(eq(reviews.mediaState, 'processing'), isNull(reviews.mediaError), lt(reviews.createdAt, before)))
      .orderBy(asc(reviews.createdAt))
      .limit(limit);
  }

  /** Whether a review is published now: approved, not deleted, its media ready. */
  private static readonly PUBLISHED = sql`(${reviews.status} = 'approved' and ${reviews.deletedAt} is null and ${reviews.mediaState} = 'ready')`;

  /** Reviews of the store whose public copies do not match whether they are published (an indexed read). */
  async publicationDue(merchantId: string, limit: number): Promise<PublicationDue[]> {
    return this.db
      .select({
        id: reviews.id,
        videoKey: reviews.videoKey,
        photoKey: reviews.photoKey,
        thumbnailKey: reviews.thumbnailKey,
        publish: sql<boolean>`${ReviewMediaRepository.PUBLISHED}`,
      })
      .from(reviews)
      .where(
        and(eq(reviews.merchantId, merchantId), sql`${reviews.publicCopies} <> ${ReviewMediaRepository.PUBLISHED}`),
      )
      .limit(limit);
  }

  /** Records the copies made or removed, unless the review changed meanwhile (its own job then follows). */
  async setPublicCopies(id: string, copies: boolean): Promise<void> {
    await this.db
      .update(reviews)
      .set({ publicCopies: copies })
      .where(and(eq(reviews.id, id), sql`${ReviewMediaRepository.PUBLISHED} = ${copies}`));
  }
}

/** A review whose media a job is to process, and its store (the job's group). */
export interface MediaWork {
  id: string;
  merchantId: string;
}

export interface PublicationDue {
  id: string;
  videoKey: string | null;
  photoKey: string | null;
  thumbnailKey: string | null;
  /** True: copies to make; false: copies to remove. */
  publish: boolean;
}
