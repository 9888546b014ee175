import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TPagePieces } from './page-pieces.js';

/**
 * A page's HTML rewritten so the browser paints it as soon as the document arrives, then makes it interactive.
 *
 * vike links the page's style sheets from `<head>` and ends the page with its entry `<script type="module" async>`
 * and a `<link rel="modulepreload">` per chunk. On a phone over a mobile network, every request costs a round trip
 * of its own (Lighthouse's slow 4G: 562 ms before the first byte): the first paint waited for the style sheet's,
 * and the ~120 kB of scripts downloaded beside it, though the HTML already holds everything the merchant came for.
 * - The style sheets (3–7 kB compressed, built once and immutable) are written into the page as `<style>`: the first
 *   paint needs the document only. A disabled link to each stays beside it (see inline()).
 * - The scripts are added by one inline script once the browser reports its first contentful paint (where it cannot,
 *   a frame later; at the latest after 3 s): with nothing else to wait for, that is right after the document, where
 *   the scripts started before. vike has no setting for either: its `injectFilter` moves preloads, never the entry.
 * - Rendering waits for the whole document (see LOADER_ID), as it waited for the style sheets before.
 *
 * Markup of another shape than vike's is left as it is (a style sheet that cannot be read keeps its link).
 */
const STYLESHEET = /<link rel="stylesheet" type="text\/css" href="(\/assets\/[^"]+\.css)">/g;
const ENTRY = /^<script src="(\/assets\/[^"]+\.js)" type="module" async(?: nonce="([^"]*)")?><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" href="(\/assets\/[^"]+\.js)" as="script" type="text\/javascript">/g;
const AT_THE_LATEST_MS = 3000;
/**
 * Rendering waits until the parser reaches the loader, the page's last element (`<link rel="expect">`, Chromium;
 * elsewhere ignored). With no style sheet to wait for, a browser could otherwise paint a page it had parsed only in
 * part, and a centred card or a grid grows under the reader's eyes when the rest arrives (a layout shift).
 */
const LOADER_ID = 'first-paint-loader';

export class FirstPaint {
  /** Each style sheet's `<style>` and disabled link by path, as bytes: a few files of a few kB, named by their hash. */
  private readonly styles = new Map<string, Buffer | null>();

  constructor(private readonly clientDir: string) {}

  /** Only the head (its links) and the tail (vike's tags after the page) are searched: a page is 10–200 kB. */
  rewrite(html: string): TPagePieces {
    const headEnd = html.indexOf('</head>');
    if (headEnd < 0) return [html];
    const head = this.inlineStyles(html.slice(0, headEnd));
    const tailStart = html.lastIndexOf('<script src="/assets/');
    const tail = tailStart > headEnd ? this.deferScripts(html.slice(tailStart)) : undefined;
    if (tail === undefined) return [...head, html.slice(headEnd)];
    const expect = `<link rel="expect" href="#${LOADER_ID}" blocking="render">`;
    return [...head, expect, html.slice(headEnd, tailStart), tail];
  }

  private inlineStyles(head: string): TPagePieces {
    const pieces: TPagePieces = [];
    let from = 0;
    for (const { 0: link, 1: href, index } of head.matchAll(STYLESHEET)) {
      pieces.push(head.slice(from, index), this.style(href) ?? link);
      from = index + link.length;
    }
    pieces.push(head.slice(from));
    return pieces;
  }

  /** null for a sheet that cannot be read, or whose text would end the style element: its link stays. */
  private style(href: string): Buffer | null {
    let style = this.styles.get(href);
    if (style === undefined) {
      style = inlined(this.clientDir, href);
      this.styles.set(href, style);
    }
    return style;
  }

  /** `tail` starts with the entry script; the preloads follow it. Undefined when it is of another shape. */
  private deferScripts(tail: string): string | undefined {
    const entry = ENTRY.exec(tail);
    if (!entry) return undefined;
    const [tag, src, nonce] = entry;
    const preloads: string[] = [];
    const rest = tail.slice(tag.length).replace(PRELOAD, (_, href: string) => {
      preloads.push(href);
      return '';
    });
    return loader(preloads, src, nonce) + rest;
  }
}

function inlined(clientDir: string, href: string): Buffer | null {
  let css: string;
  try {
    css = readFileSync(join(clientDir, href), 'utf8');
  } catch {
    return null;
  }
  // `</style` cannot occur in CSS the build wrote, but the page must not end early if it ever does.
  if (/<\/style/i.test(css)) return null;
  // The disabled link is never fetched (HTML: "a disabled style sheet will not be loaded"): it tells the script
  // that loads a page's modules on a later navigation (Vite's preload) that this sheet is in the page already.
  return Buffer.from(`<style>${css}</style><link rel="stylesheet" href="${href}" disabled>`);
}

/** Adds the preloads and the entry script after the first contentful paint; paths are under /assets/ (no `"`, `<`). */
function loader(preloads: string[], entry: string, nonce: string | undefined): string {
  const nonceAttr = nonce === undefined ? '' : ` nonce="${nonce}"`;
  const setNonce = nonce === undefined ? '' : `s.nonce=${JSON.stringify(nonce)};`;
  return `<script id="${LOADER_ID}"${nonceAttr}>(function(){var d=document,done=false;function load(){if(done)return;done=true;
${JSON.stringify(preloads)}.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});
var s=d.createElement('script');s.type='module';s.src=${JSON.stringify(entry)};${setNonce}d.body.appendChild(s)}
setTimeout(load,${AT_THE_LATEST_MS});
if(window.PerformanceObserver&&(PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')>=0){new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();load()}}).observe({type:'paint',buffered:true})}
else requestAnimationFrame(function(){setTimeout(load)})})()</script>`;
}
