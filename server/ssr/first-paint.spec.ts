import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FirstPaint } from './first-paint.js';
import { pageBytes } from './page-pieces.js';

// The tags as vike writes them at the end of a page (vike 0.4), around a page's own markup.
const page = (nonce = ' nonce="n0nce"'): string => `<!DOCTYPE html>
<html lang="en"><head>
<link rel="stylesheet" type="text/css" href="/assets/static/common.abc.css">
<link rel="stylesheet" type="text/css" href="/assets/static/styles_reviews.def.css">
<title>Reviews</title></head><body>
<div id="root"><main>Pending reviews</main></div>
<script id="vike_pageContext" type="application/json"${nonce}>{"pageId":"/pages/(app)/reviews"}</script>
<script src="/assets/entries/entry-client-routing.x1.js" type="module" async${nonce}></script>
<link rel="modulepreload" href="/assets/entries/pages_reviews.x2.js" as="script" type="text/javascript">
<link rel="modulepreload" href="/assets/chunks/chunk-x3.js" as="script" type="text/javascript">
</body></html>`;

function clientDir(styles: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'first-paint-'));
  mkdirSync(join(dir, 'assets', 'static'), { recursive: true });
  for (const [path, css] of Object.entries(styles)) writeFileSync(join(dir, path), css);
  return dir;
}

const built = clientDir({
  'assets/static/common.abc.css': ':root{--color-primary:#7c3aed}body{margin:0}',
  'assets/static/styles_reviews.def.css': '.review-row{display:grid}',
});

const rewritten = (dir: string, html: string): string => pageBytes(new FirstPaint(dir).rewrite(html)).toString();

describe('a page rewritten for its first paint', () => {
  it('carries its style sheets in the page, each beside a disabled link that is never fetched', () => {
    const html = rewritten(built, page());
    expect(html).not.toMatch(/<link rel="stylesheet" type="text\/css"/);
    expect(html).toContain(
      '<style>:root{--color-primary:#7c3aed}body{margin:0}</style><link rel="stylesheet" href="/assets/static/common.abc.css" disabled>',
    );
    expect(html).toContain(
      '<style>.review-row{display:grid}</style><link rel="stylesheet" href="/assets/static/styles_reviews.def.css" disabled>',
    );
    // In the order vike wrote them: the page's own sheet after the common one.
    expect(html.indexOf('.review-row')).toBeGreaterThan(html.indexOf('--color-primary'));
  });

  it('asks for its scripts from one inline script with the page’s nonce, after the first contentful paint', () => {
    const html = rewritten(built, page());
    expect(html).not.toContain('modulepreload" href=');
    expect(html).not.toMatch(/<script src=/);
    const loader = /<script id="first-paint-loader" nonce="n0nce">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(loader).toContain('["/assets/entries/pages_reviews.x2.js","/assets/chunks/chunk-x3.js"]');
    expect(loader).toContain('s.src="/assets/entries/entry-client-routing.x1.js"');
    expect(loader).toContain('s.nonce="n0nce"');
    expect(loader).toContain("getEntriesByName('first-contentful-paint')");
    // The page's data stays before the script that reads it.
    expect(html.indexOf('vike_pageContext')).toBeLessThan(html.indexOf(loader));
    // Nothing is painted before the parser reaches the loader, the page's last element.
    expect(html).toContain('<link rel="expect" href="#first-paint-loader" blocking="render"></head>');
  });

  it('writes no nonce where the page has none', () => {
    const html = rewritten(built, page(''));
    expect(html).toContain('<script id="first-paint-loader">(function(){');
    expect(html).not.toContain('nonce');
  });

  it('keeps the link to a style sheet it cannot read, or whose text would end the style element', () => {
    const dir = clientDir({ 'assets/static/common.abc.css': 'a::after{content:"</style>"}' });
    const html = rewritten(dir, page());
    expect(html).toContain('<link rel="stylesheet" type="text/css" href="/assets/static/common.abc.css">');
    expect(html).toContain('<link rel="stylesheet" type="text/css" href="/assets/static/styles_reviews.def.css">');
    expect(html).not.toContain('<style>');
  });

  it('leaves markup of another shape as it is', () => {
    const other = '<html><head></head><body><script src="/assets/app.js"></script></body></html>';
    expect(rewritten(built, other)).toBe(other);
  });
});
