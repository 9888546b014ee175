import { randomBytes } from 'node:crypto';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WebSessionService } from '../auth/web-session.service.js';
import { ApiError } from '../common/api-error.js';
import { DOCUMENT_HEADERS } from '../common/security-headers.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { ServerReaders } from './server-readers.js';
import { dashboardCsp, dismissedOf, localeOf, stripeCspSources, themeOf, type CspSources } from './ssr-context.js';
import { SsrService } from './ssr.service.js';

const NOT_PAGES = /^\/(api|widget|media)(\/|$)/;

/** Registered last: every GET that no API, widget or static route took is a dashboard page. */
@Controller()
export class SsrController {
  constructor(
    private readonly ssr: SsrService,
    private readonly session: WebSessionService,
    private readonly readers: ServerReaders,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.csp = stripeCspSources(config.stripe.secretKey && config.stripe.publishableKey ? config.stripe.jsUrl : null);
  }

  private readonly csp: CspSources;

  @Get('*')
  async render(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (NOT_PAGES.test(request.url)) throw ApiError.notFound();
    const cspNonce = randomBytes(16).toString('base64url');
    const user = await this.session.pageUser(request, reply);
    const result = await this.ssr.render({
      url: request.url,
      headers: request.headers,
      user,
      serverApi: this.readers.for(user),
      theme: themeOf(request),
      dismissed: dismissedOf(request),
      locale: localeOf(request),
      cspNonce,
    });
    if (result.kind === 'not-found') return reply.callNotFound();
    // SPEC §2: unknown paths go to the dashboard home, replacing the history entry.
    if (result.kind === 'unknown-route') return reply.redirect('/', 302);
    for (const [name, value] of result.headers) void reply.header(name, value);
    await reply
      .headers(DOCUMENT_HEADERS)
      .header('content-security-policy', dashboardCsp(cspNonce, this.ssr.isDev, this.csp))
      .header('cache-control', 'private, no-store')
      .status(result.status)
      .send(result.body);
  }
}
