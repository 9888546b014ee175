import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TModerationFlag } from '../../shared/moderation-options.js';
import type { TQuestionStatus } from '../../shared/question-options.js';
import { escapeLike } from '../common/escape-like.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { products, questions } from '../database/schema.js';

export type QuestionRow = typeof questions.$inferSelect;
export type QuestionProductRow = typeof products.$inferSelect;
export interface QuestionWithProduct {
  question: QuestionRow;
  product: QuestionProductRow;
}

export interface NewQuestion {
  merchantId: string;
  productId: string;
  askerName: string;
  askerEmail: string;
  question: string;
  flags: TModerationFlag[];
  sessionId?: string;
}

/** Shoppers' questions and the store's answers; every method takes the merchant (DESIGN §4 tenancy). */
@Injectable()
export class QuestionsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  private get db() {
    return this.database.db;
  }

  private filter(merchantId: string, status?: TQuestionStatus, search?: string): SQL | undefined {
    const pattern = search ? `%${escapeLike(search.toLowerCase())}%` : undefined;
    return and(
      eq(questions.merchantId, merchantId),
      status ? eq(questions.status, status) : undefined,
      pattern
        ? sql`(lower(${questions.question}) like ${pattern} or lower(${questions.askerName}) like ${pattern}
            or lower(${questions.askerEmail}) like ${pattern} or lower(${products.name}) like ${pattern})`
        : undefined,
    );
  }

  async list(
    merchantId: string,
    query: { page: number; pageSize: number; status?: TQuestionStatus; search?: string },
  ): Promise<{ count: number; rows: QuestionWithProduct[] }> {
    const where = this.filter(merchantId, query.status, query.search);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ question: questions, product: products })
        .from(questions)
        .innerJoin(products, eq(products.id, questions.productId))
        .where(where)
        .orderBy(desc(questions.createdAt), desc(questions.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db
        .select({ total: count() })
        .from(questions)
        .innerJoin(products, eq(products.id, questions.productId))
        .where(where),
    ]);
    return { count: total.total, rows };
  }

  async stats(merchantId: string): Promise<Record<TQuestionStatus, number>> {
    const rows = await this.db
      .select({ status: questions.status, total: count() })
      .from(questions)
      .where(eq(questions.merchantId, merchantId))
      .groupBy(questions.status);
    const of = (status: TQuestionStatus) => rows.find((row) => row.status === status)?.total ?? 0;
    return { pending: of('pending'), answered: of('answered'), published: of('published') };
  }

  async find(merchantId: string, id: string): Promise<QuestionWithProduct | null> {
    const [row] = await this.db
      .select({ question: questions, product: products })
      .from(questions)
      .innerJoin(products, eq(products.id, questions.productId))
      .where(and(eq(questions.merchantId, merchantId), eq(questions.id, id)))
      .limit(1);
    return row ?? null;
  }

  async create(question: NewQuestion): Promise<QuestionRow> {
    const [row] = await this.db
      .insert(questions)
      .values({
        merchantId: question.merchantId,
        productId: question.productId,
        askerName: question.askerName,
        askerEmail: question.askerEmail,
        question: question.question,
        moderationFlags: question.flags,
        sessionId: question.sessionId,
      })
      .returning();
    return row;
  }

  /**
   * Writes or rewrites the answer (its first writing time stays); a pending question becomes answered, a published
   * one stays published unless `publish` says so. False when the store has no such question.
   */
  async setAnswer(merchantId: string, id: string, text: string, at: Date, publish: boolean): Promise<boolean> {
    const rows = await this.db
      .update(questions)
      .set({
        answerText: text,
        answeredAt: sql`coalesce(${questions.answeredAt}, ${at.toISOString()}::timestamptz)`,
        ...(publish
          ? {
              status: 'published' as const,
              publishedAt: sql`coalesce(${questions.publishedAt}, ${at.toISOString()}::timestamptz)`,
            }
          : { status: sql`case when ${questions.status} = 'pending' then 'answered' else ${questions.status} end` }),
      })
      .where(and(eq(questions.merchantId, merchantId), eq(questions.id, id)))
      .returning({ id: questions.id });
    return rows.length > 0;
  }

  async markMailed(merchantId: string, id: string, at: Date): Promise<void> {
    await this.db
      .update(questions)
      .set({ answerMailedAt: at })
      .where(and(eq(questions.merchantId, merchantId), eq(questions.id, id)));
  }

  /**
   * Publishes (answered questions only) or unpublishes (back to answered) the named questions of the store; returns
   * the ids it changed.
   */
  async setPublished(merchantId: string, ids: string[], published: boolean, at: Date): Promise<string[]> {
    const rows = await this.db
      .update(questions)
      .set(published ? { status: 'published', publishedAt: at } : { status: 'answered', publishedAt: null })
      .where(
        and(
          eq(questions.merchantId, merchantId),
          inArray(questions.id, ids),
          eq(questions.status, published ? 'answered' : 'published'),
        ),
      )
      .returning({ id: questions.id });
    return rows.map((row) => row.id);
  }

  /** The store's questions among `ids`, with their status. */
  async statuses(merchantId: string, ids: string[]): Promise<Array<{ id: string; status: TQuestionStatus }>> {
    return this.db
      .select({ id: questions.id, status: questions.status })
      .from(questions)
      .where(and(eq(questions.merchantId, merchantId), inArray(questions.id, ids)));
  }

  /** Deletes the named questions of the store for good; returns the ids it deleted and whether any was published. */
  async remove(merchantId: string, ids: string[]): Promise<Array<{ id: string; status: TQuestionStatus }>> {
    return this.db
      .delete(questions)
      .where(and(eq(questions.merchantId, merchantId), inArray(questions.id, ids)))
      .returning({ id: questions.id, status: questions.status });
  }

  /** Takes the asker's name, address and session off their questions; answers how many there were. */
  async anonymiseAsker(merchantId: string, email: string): Promise<number> {
    const rows = await this.db
      .update(questions)
      .set({ askerName: '', askerEmail: '', sessionId: null })
      .where(and(eq(questions.merchantId, merchantId), eq(questions.askerEmail, email.toLowerCase())))
      .returning({ id: questions.id });
    return rows.length;
  }

  /** A product's published questions, most recently published first (the storefront's page). */
  async published(
    merchantId: string,
    productExternalId: string,
    page: number,
    pageSize: number,
  ): Promise<{ count: number; rows: QuestionRow[] }> {
    const where = and(
      eq(questions.merchantId, merchantId),
      eq(questions.status, 'published'),
      eq(
        questions.productId,
        sql`(select ${products.id} from ${products} where ${products.merchantId} = ${merchantId}
          and ${products.externalId} = ${productExternalId})`,
      ),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(questions)
        .where(where)
        .orderBy(desc(questions.publishedAt), desc(questions.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ total: count() }).from(questions).where(where),
    ]);
    return { count: total.total, rows };
  }
}
