import { MODERATION_ACTIONS, type TReviewStatus } from '../../shared/reviews.js';
import { decideModeration } from './moderation-rules.js';
import type { ModerationTarget } from './reviews.repository.js';

const now = new Date('2026-05-01T12:00:00Z');

function review(status: TReviewStatus, deleted = false): ModerationTarget {
  return {
    id: 'a3b1c0de-0000-4000-8000-000000000001',
    status,
    deletedAt: deleted ? new Date('2026-04-01T00:00:00Z') : null,
  };
}

/** Every action on every state, as `outcome` or `outcome>to (+active +total)`. */
function table(): Record<string, string[]> {
  const states = [
    ['pending', false],
    ['approved', false],
    ['rejected', false],
    ['pending', true],
    ['approved', true],
  ] as const;
  return Object.fromEntries(
    MODERATION_ACTIONS.map((action) => [
      action,
      states.map(([status, deleted]) => {
        const decision = decideModeration(action, review(status, deleted), now);
        if (decision.kind !== 'change') return decision.kind;
        const { change, needs } = decision;
        return `${change.event.from}>${change.event.to} +${needs.active} +${needs.total}`;
      }),
    ]),
  );
}

describe('moderation rules (DESIGN §6.1–§6.2)', () => {
  it('decides every action on every state', () => {
    // columns: pending, approved, rejected, deleted pending, deleted approved
    expect(table()).toEqual({
      approve: ['pending>approved +1 +0', 'unchanged', 'rejected>approved +1 +0', 'not_allowed', 'not_allowed'],
      reject: ['pending>rejected +0 +0', 'approved>rejected +0 +0', 'unchanged', 'not_allowed', 'not_allowed'],
      restore: [
        'unchanged',
        'not_allowed',
        'rejected>pending +0 +0',
        'deleted>pending +0 +1',
        'deleted>approved +1 +1',
      ],
      delete: ['pending>deleted +0 +0', 'approved>deleted +0 +0', 'rejected>deleted +0 +0', 'unchanged', 'unchanged'],
    });
  });

  it('names why: an approved review back to pending is not supported', () => {
    expect(decideModeration('restore', review('approved'), now)).toEqual({
      kind: 'not_allowed',
      detail: 'Setting to pending is not supported',
      code: 'pending_not_supported',
    });
    expect(decideModeration('delete', review('pending'), now)).toMatchObject({ change: { deletedAt: now } });
  });
});
