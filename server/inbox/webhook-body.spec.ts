import { MAX_WEBHOOK_DEPTH, nestsDeeperThan, parseWebhookBody } from './webhook-body.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** The nesting JSON.parse finds, counted on the parsed value (for values shallow enough to recurse on). */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings, escaped quotes included', () => {
    const cases = [
      '{}',
      '[]',
      '42',
      '"[[[["',
      '{"a":[1,{"b":[]}]}',
      '{"a\\"[[[":"]]]\\\\","b":[[["x\\"{"]]]}',
      '["\\\\",[["\\\\\\"[["]]]',
      '{"é[":"日本[[[","z":[{"🙂":[{}]}]}',
    ];
    for (const text of cases) {
      const depth = depthOf(JSON.parse(text));
      expect([text, nestsDeeperThan(bytes(text), depth), nestsDeeperThan(bytes(text), depth - 1)]).toEqual([
        text,
        false,
        depth > 0,
      ]);
    }
  });

  it('stops at the limit, however deep the rest goes', () => {
    expect(nestsDeeperThan(bytes('['.repeat(1_000_000)), MAX_WEBHOOK_DEPTH)).toBe(true);
    expect(nestsDeeperThan(bytes('[]'.repeat(1_000_000)), 1)).toBe(false);
  });
});

describe('parseWebhookBody', () => {
  it('gives a JSON object back, and 400 for anything else', () => {
    expect(parseWebhookBody(bytes('{"id":1,"a":[{"b":null}]}'))).toEqual({ id: 1, a: [{ b: null }] });
    const refused = (text: string) => {
      try {
        parseWebhookBody(bytes(text));
      } catch (error) {
        return (error as { body: { code: string } }).body.code;
      }
      return 'accepted';
    };
    expect(
      [
        'null',
        '[]',
        '"x"',
        '42',
        'true',
        '{"a":',
        '',
        '{"a":"\\u0000"}',
        `{"a":${'['.repeat(64)}${']'.repeat(64)}}`,
      ].map(refused),
    ).toEqual([
      'invalid_webhook',
      'invalid_webhook',
      'invalid_webhook',
      'invalid_webhook',
      'invalid_webhook',
      'invalid_json',
      'invalid_json',
      'invalid_input',
      'invalid_webhook',
    ]);
    expect(refused(`{"a":${'['.repeat(63)}${']'.repeat(63)}}`)).toBe('accepted');
  });
});
