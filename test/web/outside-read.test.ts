import { jest } from '@jest/globals';
import { outsideRead } from '../../web/api/outsideRead.js';

// A `+data` hook waits at most 2 s for a read that asks another service (issue 29): a store platform that hangs (its
// calls time out after 15 s, retried) would otherwise hold the whole page back.

afterEach(() => jest.useRealTimers());

describe('outsideRead', () => {
  it("answers the read's answer, or its failure, as soon as it comes", async () => {
    jest.useFakeTimers();
    await expect(outsideRead(Promise.resolve('state'))).resolves.toBe('state');
    await expect(outsideRead(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('fails a read that hangs after 2 s, not before', async () => {
    jest.useFakeTimers();
    let outcome: unknown;
    void outsideRead(new Promise(() => undefined)).catch((error: unknown) => (outcome = error));
    await jest.advanceTimersByTimeAsync(1_999);
    expect(outcome).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(Error);
  });
});
