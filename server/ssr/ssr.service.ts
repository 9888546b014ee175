import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { renderPage } from 'vike/server';
import type { TServerApi } from '../../shared/server-api.js';
import type { TLanguage, TTheme } from '../../shared/constants.js';
import type { TSessionUser } from '../../shared/session.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { FirstPaint } from './first-paint.js';
import { insertBefore, pageBytes, type TPagePieces } from './page-pieces.js';
import { PageTexts } from './page-texts.js';

/** The element vike writes its page state into, near the end of the body. */
const VIKE_STATE = '<script id="vike_pageContext"';

export interface RenderInput {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  user: TSessionUser | null;
  theme: TTheme;
  locale: TLanguage;
  /** Notices dismissed for this browser session (COOKIES.dismissed). */
  dismissed: string[];
  cspNonce: string;
  /** Server-only reads for `+data` hooks (web/vike.d.ts). */
  serverApi: TServerApi;
}

export type RenderResult =
  | { kind: 'page'; status: number; headers: Array<[string, string]>; body: Buffer }
  | { kind: 'not-found' }
  | { kind: 'unknown-route' };

@Injectable()
export class SsrService implements OnModuleInit {
  private readonly logger = new Logger(SsrService.name);
  private buildLoaded: Promise<void> | undefined;
  /** Production pages only: in development Vite serves the styles and scripts as it transforms them. */
  private readonly firstPaint: FirstPaint | undefined;
  private readonly texts = new PageTexts();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.firstPaint = this.isDev ? undefined : new FirstPaint(this.clientDir);
  }

  get isDev(): boolean {
    return this.config.env === 'development';
  }

  get serverEntry(): string {
    return join(this.config.rootDir, 'dist', 'server', 'entry.mjs');
  }

  get clientDir(): string {
    return join(this.config.rootDir, 'dist', 'client');
  }

  onModuleInit(): void {
    if (this.config.env === 'production' && !existsSync(this.serverEntry)) {
      throw new Error(`The dashboard is not built (${this.serverEntry} is missing): run "npm run build" first.`);
    }
  }

  /** In production vike needs its server build imported once; in development Vite's middleware provides it. */
  private loadBuild(): Promise<void> {
    if (this.isDev) return Promise.resolve();
    this.buildLoaded ??= import(pathToFileURL(this.serverEntry).href).then(() => undefined);
    return this.buildLoaded;
  }

  async render(input: RenderInput): Promise<RenderResult> {
    await this.loadBuild();
    const pageContext = await renderPage({
      urlOriginal: input.url,
      headersOriginal: input.headers,
      user: input.user,
      theme: input.theme,
      locale: input.locale,
      dismissed: input.dismissed,
      cspNonce: input.cspNonce,
      serverApi: input.serverApi,
    });
    // A full page load of an unknown path is redirected; a client navigation gets vike's JSON answer
    // and its error page then navigates home itself.
    if (pageContext.is404 && !pageContext.isClientSideNavigation) return { kind: 'unknown-route' };
    const response = pageContext.httpResponse;
    if (!response) return { kind: 'not-found' };
    if (response.statusCode >= 500) this.logger.error({ url: input.url }, 'Page rendering failed');
    const html = response.headers.some(
      ([name, value]) => name.toLowerCase() === 'content-type' && value.startsWith('text/html'),
    );
    const body = html ? pageBytes(this.pieces(response.body, pageTextsOf(pageContext))) : Buffer.from(response.body);
    return { kind: 'page', status: response.statusCode, headers: response.headers, body };
  }

  /** The page's texts go before vike's state, which the browser reads after them: both before any script runs. */
  private pieces(html: string, messages: object | undefined): TPagePieces {
    const pieces = this.firstPaint ? this.firstPaint.rewrite(html) : [html];
    return messages ? insertBefore(pieces, VIKE_STATE, this.texts.script(messages)) : pieces;
  }
}

/** The texts web/pages/+onBeforeRenderHtml.ts gave the page (typed in web/vike.d.ts, outside the server's types). */
function pageTextsOf(pageContext: object): object | undefined {
  const messages = (pageContext as { messages?: unknown }).messages;
  return typeof messages === 'object' && messages !== null ? messages : undefined;
}
