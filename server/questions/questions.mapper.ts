import type { TModerationFlag } from '../../shared/moderation-options.js';
import type { TPublicQuestion, TQuestion } from '../../shared/questions.js';
import type { QuestionRow, QuestionWithProduct } from './questions.repository.js';

export function mapQuestion({ question, product }: QuestionWithProduct): TQuestion {
  return {
    id: question.id,
    status: question.status,
    product: {
      id: product.id,
      external_id: product.externalId,
      name: product.name,
      image: product.imageUrl,
      url: product.url,
      source: product.source,
    },
    asker: { name: question.askerName, email: question.askerEmail },
    question: question.question,
    answer: question.answerText,
    answered_at: question.answeredAt?.toISOString() ?? null,
    answer_mailed_at: question.answerMailedAt?.toISOString() ?? null,
    published_at: question.publishedAt?.toISOString() ?? null,
    flags: question.moderationFlags as TModerationFlag[],
    created_at: question.createdAt.toISOString(),
  };
}

/** What a storefront shows: the asker's first name only, never the address. */
export function mapPublicQuestion(question: QuestionRow): TPublicQuestion {
  return {
    id: question.id,
    name: question.askerName.trim().split(/\s+/)[0] ?? '',
    question: question.question,
    answer: question.answerText ?? '',
    created_at: question.createdAt.toISOString(),
    answered_at: (question.answeredAt ?? question.createdAt).toISOString(),
  };
}
