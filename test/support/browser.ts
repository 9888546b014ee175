import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with its background traffic off (this machine has no internet). `extraArgs`, e.g.
 * the fake camera for recording tests.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
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
      ...extraArgs,
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

/** Hydrated = React has attached its props to this server-rendered element (the markup alone is there before). */
export async function waitForHydration(page: Page, selector = '[data-testid="theme-toggle"]'): Promise<void> {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
  }, selector);
}

/**
 * Runs `action` and waits for a new toast of this severity and text: one shown after the action started (a toast of
 * the same kind replaces the one showing, so the count alone does not tell).
 */
export async function expectToast(
  page: Page,
  severity: string,
  text: string,
  action: () => Promise<unknown>,
): Promise<void> {
  const lastId = await page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll('[data-testid="toast"]')].map((e) => Number(e.getAttribute('data-toast-id'))),
    ),
  );
  await action();
  await page.waitForFunction(
    ([sev, txt, after]) =>
      [...document.querySelectorAll(`[data-testid="toast"][data-severity="${sev}"]`)].some(
        (e) => Number(e.getAttribute('data-toast-id')) > (after as number) && e.textContent?.includes(txt as string),
      ),
    [severity, text, lastId] as const,
  );
}

/** Finite animations (a dialog fading in) have ended: colours and boxes are the final ones. Spinners loop forever. */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** What axe finds on the page, or within `include`: one line per rule with its nodes, [] when there is nothing. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The WCAG 2.1 A and AA rules axe finds broken within `scope`, one line per node, once the page's animations have
 * ended (a dialog fading in has half its final contrast).
 */
export async function wcagViolations(page: Page, scope: string): Promise<string[]> {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page })
    .include(scope)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}

/**
 * axe within `include` in the light and the dark theme. The page's colours follow <html data-theme>, so the theme is
 * switched in place: no reload loses an open dialog.
 */
export async function axeViolationsInThemes(page: Page, include: string): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark']) {
    await page.evaluate((next) => (document.documentElement.dataset.theme = next), theme);
    await animationsDone(page);
    found.push(...(await axeViolations(page, include)).map((violation) => `${theme}: ${violation}`));
  }
  return found;
}

/** Collects the page's console errors and warnings and its uncaught errors into `problems` (`expected` aside). */
export function collectProblems(page: Page, problems: string[], expected?: RegExp): void {
  page.on('console', (message) => {
    if (expected?.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
}

/** Records the context's pages' layout shifts from the first paint (those not caused by input), for `layoutShift`. */
export async function watchLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's cumulative layout shift so far, once two more frames have been drawn (a shift is reported after one). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve((window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0)),
          ),
        ),
      ),
  );
}

/**
 * A page only a store's owners use, as a member of the store sees it: no card for it on Settings, and on the page
 * itself the notice `ownerOnlyTestId` saying who manages it, none of the owner's controls (`absentTestIds`), no
 * accessibility violation. The member's console errors go to `problems`.
 */
export async function expectOwnerOnlyPage(
  browser: Browser,
  baseUrl: string,
  memberAccess: string,
  problems: string[],
  page: { path: string; ownerOnlyTestId: string; ownerOnlyText: string; absentTestIds: string[] },
): Promise<void> {
  const context = await signedInContext(browser, baseUrl, memberAccess);
  try {
    const memberPage = await context.newPage();
    memberPage.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await memberPage.goto('/settings');
    await waitForHydration(memberPage);
    await memberPage.locator('main a[href="/settings/account"]').waitFor();
    expect(await memberPage.locator(`main a[href="${page.path}"]`).count()).toBe(0);

    await memberPage.goto(page.path);
    await waitForHydration(memberPage);
    expect(await memberPage.getByTestId(page.ownerOnlyTestId).textContent()).toBe(page.ownerOnlyText);
    for (const testId of page.absentTestIds) expect(await memberPage.getByTestId(testId).count()).toBe(0);
    expect(await axeViolations(memberPage, 'main')).toEqual([]);
  } finally {
    await context.close();
  }
}
