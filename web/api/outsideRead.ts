/**
 * How long a server render waits for a read that calls another service (a store platform, Stripe): a platform that
 * hangs (its calls time out after 15 s, retried) must not hold the whole page back.
 */
const OUTSIDE_READ_WAIT_MS = 2_000;

/** `read`, or a failure once it has taken longer than the wait: the page is drawn without it and the browser asks. */
export async function outsideRead<T>(read: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('Not answered in time: the browser asks instead.')),
      OUTSIDE_READ_WAIT_MS,
    );
  });
  try {
    return await Promise.race([read, waited]);
  } finally {
    clearTimeout(timer);
  }
}
