/// <reference lib="dom" />
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT_DIR } from './pglite-template.js';

/**
 * Every page of the dashboard, for suites that walk them all (layout, accessibility, console errors). `signedIn`:
 * under web/pages/(app), behind the sign-in guard. A new page must be added here: `pagesOnDisk()` lists what exists.
 */
export const DASHBOARD_PAGES = [
  { path: '/', signedIn: true },
  { path: '/insights', signedIn: true },
  { path: '/reviews', signedIn: true },
  { path: '/questions', signedIn: true },
  { path: '/review-requests', signedIn: true },
  { path: '/widget-settings', signedIn: true },
  { path: '/settings', signedIn: true },
  { path: '/settings/account', signedIn: true },
  { path: '/settings/team', signedIn: true },
  { path: '/settings/moderation', signedIn: true },
  { path: '/settings/billing', signedIn: true },
  { path: '/settings/integrations', signedIn: true },
  { path: '/settings/integrations/shopify', signedIn: true },
  { path: '/settings/integrations/bigcommerce', signedIn: true },
  { path: '/settings/integrations/tiendanube', signedIn: true },
  { path: '/settings/api-keys', signedIn: true },
  { path: '/settings/webhooks', signedIn: true },
  { path: '/settings/import-export', signedIn: true },
  { path: '/settings/other-apps', signedIn: true },
  { path: '/billing/success', signedIn: true },
  { path: '/billing/cancel', signedIn: true },
  { path: '/login', signedIn: false },
  { path: '/register', signedIn: false },
  { path: '/register/confirm', signedIn: false },
  { path: '/forgot-password', signedIn: false },
  { path: '/reset-password', signedIn: false },
  { path: '/confirm-email', signedIn: false },
] as const;

/** Widths from a small phone to a wide desktop. */
export const VIEWPORT_WIDTHS = [320, 375, 768, 1280, 1920] as const;

const PAGES_DIR = join(ROOT_DIR, 'web', 'pages');

/** The routes of web/pages (Filesystem Routing: `(group)` folders add nothing, `index` is `/`), error page aside. */
export function pagesOnDisk(dir = PAGES_DIR): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...pagesOnDisk(path));
    else if (entry.name === '+Page.tsx') {
      const segments = relative(PAGES_DIR, dir)
        .split(sep)
        .filter((segment) => !/^\(.*\)$/.test(segment) && segment !== 'index');
      if (segments[0] !== '_error') found.push(`/${segments.join('/')}`);
    }
  }
  return found.sort();
}

/**
 * The page has hydrated and drawn what it loads after: no skeleton and nothing marked busy (a list or form still
 * waiting for its data), so measurements see the final layout.
 */
export async function waitForSettledPage(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    // Every page's layout has the brand link: React has attached its props once hydrated.
    const brand = document.querySelector('.brand');
    const hydrated = !!brand && Object.keys(brand).some((key) => key.startsWith('__reactProps'));
    return hydrated && !document.querySelector('.skeleton, [aria-busy="true"]');
  });
}

/** How far the document scrolls sideways, and the widest elements that stick out of the window (for the message). */
export function sidewaysOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(element))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, culprits };
  });
}
