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
    const text = html && this.firstPaint ? this.firstPaint.rewrite(response.body) : response.body;
    // Encoded here rather than by the socket: Node writes a string of this size (a page's texts hold `…` and `’`, so
    // V8 keeps it two bytes a character) through a slower UTF-8 path; for a 130 kB page, 0.68 ms against 0.28 ms.
    return { kind: 'page', status: response.statusCode, headers: response.headers, body: Buffer.from(text) };
  }
}
