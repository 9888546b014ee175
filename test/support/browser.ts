import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Debian's Chromium, headless, with its background traffic off (this machine has no internet). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A browser context signed in through the HttpOnly access cookie, the way a login leaves it. */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  accessToken: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, ...options });
  await context.addCookies([
    { name: 'access_token', value: accessToken, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
  ]);
  return context;
}
