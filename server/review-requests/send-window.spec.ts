import { intoWindow, sendInstant, timeZoneOr } from './send-window.js';

const WINDOW = { start: '09:00', end: '20:00' };
const at = (iso: string) => new Date(iso);
const EPOCH = at('2000-01-01T00:00:00Z');

describe('send window', () => {
  it('keeps an instant inside the window and moves one outside it to the next opening, local time', () => {
    // Madrid in winter is UTC+1: 10:00Z is 11:00 local.
    expect(intoWindow(at('2026-01-14T10:00:00Z'), WINDOW, 'Europe/Madrid')).toEqual(at('2026-01-14T10:00:00Z'));
    // 06:30 local: that morning's 09:00.
    expect(intoWindow(at('2026-01-14T05:30:00Z'), WINDOW, 'Europe/Madrid')).toEqual(at('2026-01-14T08:00:00Z'));
    // 20:00 local is closed (the end is exclusive): the next day's 09:00.
    expect(intoWindow(at('2026-01-14T19:00:00Z'), WINDOW, 'Europe/Madrid')).toEqual(at('2026-01-15T08:00:00Z'));
    // 23:30 local: the next day's 09:00.
    expect(intoWindow(at('2026-01-14T22:30:00Z'), WINDOW, 'Europe/Madrid')).toEqual(at('2026-01-15T08:00:00Z'));
  });

  it('Europe/Madrid across the end of summer time: a week after 10:00 CEST is 10:00 CET', () => {
    // 2026-10-25 03:00 CEST becomes 02:00 CET.
    const fulfilled = at('2026-10-20T08:00:00Z'); // 10:00 CEST
    expect(sendInstant(fulfilled, 7, WINDOW, 'Europe/Madrid', EPOCH)).toEqual(at('2026-10-27T09:00:00Z'));
    // At 21:00 CEST, the delay ends after the window closed: the next morning's 09:00 CET.
    const late = at('2026-10-20T19:00:00Z');
    expect(sendInstant(late, 7, WINDOW, 'Europe/Madrid', EPOCH)).toEqual(at('2026-10-28T08:00:00Z'));
  });

  it('Europe/Madrid across the start of summer time: the window opens at 09:00 CEST', () => {
    // 2026-03-29 02:00 CET becomes 03:00 CEST. 06:00 CET on the 25th, 4 days on, opens at 09:00 CEST = 07:00Z.
    expect(sendInstant(at('2026-03-25T05:00:00Z'), 4, WINDOW, 'Europe/Madrid', EPOCH)).toEqual(
      at('2026-03-29T07:00:00Z'),
    );
  });

  it('America/Sao_Paulo across its last DST change (November 2018, midnight skipped to 01:00)', () => {
    // 15:00 BRT (UTC−3) on 30 Oct 2018; a week later is 15:00 BRST (UTC−2).
    expect(sendInstant(at('2018-10-30T18:00:00Z'), 7, WINDOW, 'America/Sao_Paulo', EPOCH)).toEqual(
      at('2018-11-06T17:00:00Z'),
    );
    // 23:00 BRT on 3 Nov with no delay: the next window opens 09:00 BRST on the 4th, the day that skipped midnight.
    expect(sendInstant(at('2018-11-04T02:00:00Z'), 0, WINDOW, 'America/Sao_Paulo', EPOCH)).toEqual(
      at('2018-11-04T11:00:00Z'),
    );
  });

  it('America/Sao_Paulo without DST today (UTC−3 all year)', () => {
    // 20:30 local on 2 Nov, a day later is after the window: 09:00 on the 4th.
    expect(sendInstant(at('2026-11-02T23:30:00Z'), 1, WINDOW, 'America/Sao_Paulo', EPOCH)).toEqual(
      at('2026-11-04T12:00:00Z'),
    );
  });

  it('never schedules before now, and reads an unknown zone as UTC', () => {
    const now = at('2026-05-10T12:00:00Z');
    expect(sendInstant(at('2026-04-01T12:00:00Z'), 7, WINDOW, 'UTC', now)).toEqual(now);
    expect(timeZoneOr('Mars/Olympus')).toBe('UTC');
    expect(timeZoneOr(null)).toBe('UTC');
    expect(timeZoneOr('America/Sao_Paulo')).toBe('America/Sao_Paulo');
  });
});
