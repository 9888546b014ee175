import { readOnce, RenderReads } from './render-reads.js';

/** A read that counts its calls and answers after a tick, as a query would. */
function countedRead(answer: () => unknown = () => ({ rows: [] })) {
  const read = async () => {
    read.calls++;
    await new Promise((resolve) => setImmediate(resolve));
    return answer();
  };
  read.calls = 0;
  return read;
}

describe('render reads', () => {
  it('reads a key once within a render, every caller getting the same answer', async () => {
    const read = countedRead();
    const reads = new RenderReads();
    const [a, b, c] = await Promise.all([
      readOnce(reads, 'k', read),
      readOnce(reads, 'k', read),
      Promise.resolve().then(() => readOnce(reads, 'k', read)),
    ]);
    expect(read.calls).toBe(1);
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('reads each key of a render on its own', async () => {
    const read = countedRead();
    const reads = new RenderReads();
    await Promise.all([readOnce(reads, 'a', read), readOnce(reads, 'b', read)]);
    expect(read.calls).toBe(2);
  });

  it('reads afresh outside a render and in each render', async () => {
    const read = countedRead();
    await Promise.all([readOnce(undefined, 'k', read), readOnce(undefined, 'k', read)]);
    expect(read.calls).toBe(2);
    await Promise.all([readOnce(new RenderReads(), 'k', read), readOnce(new RenderReads(), 'k', read)]);
    expect(read.calls).toBe(4);
  });

  it("shares a failed read's failure within the render, and the next render reads again", async () => {
    let fail = true;
    const read = countedRead(() => {
      if (fail) throw new Error('connection lost');
      return 'rows';
    });
    const reads = new RenderReads();
    const settled = await Promise.allSettled([readOnce(reads, 'k', read), readOnce(reads, 'k', read)]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(read.calls).toBe(1);
    fail = false;
    await expect(readOnce(new RenderReads(), 'k', read)).resolves.toBe('rows');
    expect(read.calls).toBe(2);
  });
});
