import { digestDay } from './review-notifier.service.js';
import { UnsubscribeTokens } from './unsubscribe-token.js';

describe('digestDay', () => {
  it("is 09:00 of the store's local day, in wall-clock time across a DST change", () => {
    // New York moved to daylight time on 2026-03-08 at 02:00 local.
    expect(digestDay(new Date('2026-03-07T20:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-07',
      digestAt: new Date('2026-03-07T14:00:00Z'),
    });
    expect(digestDay(new Date('2026-03-08T20:00:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-08',
      digestAt: new Date('2026-03-08T13:00:00Z'),
    });
  });

  it('names the local day, which differs from the UTC one near midnight', () => {
    expect(digestDay(new Date('2026-11-28T23:30:00Z'), 'Asia/Tokyo')).toEqual({
      date: '2026-11-29',
      digestAt: new Date('2026-11-29T00:00:00Z'),
    });
    expect(digestDay(new Date('2026-11-29T02:00:00Z'), 'America/Sao_Paulo').date).toBe('2026-11-28');
  });
});

describe('UnsubscribeTokens', () => {
  const id = '0d987365-82a5-4d43-907b-4c207449e928';

  it('reads back the membership it signed, and nothing it did not', () => {
    const tokens = new UnsubscribeTokens('secret-one');
    const token = tokens.issue(id);
    expect(tokens.read(token)).toBe(id);
    expect(new UnsubscribeTokens('secret-two').read(token)).toBeNull();
    const other = '1d987365-82a5-4d43-907b-4c207449e928';
    expect(tokens.read(`${other}.${token.split('.')[1]}`)).toBeNull();
    expect(tokens.read(`${token}.x`)).toBeNull();
    expect(tokens.read(id)).toBeNull();
    expect(tokens.read('not-a-uuid.abc')).toBeNull();
  });
});
