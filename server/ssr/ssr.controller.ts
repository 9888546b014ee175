import { randomBytes } from 'node:crypto';
import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { can } from '../../shared/session.js';
import { AnalyticsService } from '../analytics/analytics.service.js';
import { WebSessionService } from '../auth/web-session.service.js';
import { ApiError } from '../common/api-error.js';
import { ReviewsService } from '../reviews/reviews.service.js';
import { dashboardCsp, dismissedOf, localeOf, themeOf } from './ssr-context.js';
import { SsrService } from './ssr.service.js';

const NOT_PAGES = /^\/(api|widget|media)(\/|$)/;

/** Registered last: every GET that no API, widget or static route took is a dashboard page. */
@Controller()
export class SsrController {
  constructor(
    private readonly ssr: SsrService,
    private readonly session: WebSessionService,
    private readonly analytics: AnalyticsService,
    private readonly reviews: ReviewsService,
  ) {}

  @Get('*')
  async render(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (NOT_PAGES.test(request.url)) throw ApiError.notFound();
    const cspNonce = randomBytes(16).toString('base64url');
    const user = await this.session.pageUser(request, reply);
    const store = user?.merchant?.id;
    const result = await this.ssr.render({
      url: request.url,
      headers: request.headers,
      user,
      serverApi: {
        analytics: store && can(user, 'view_dashboard') ? this.analytics.readerFor(store) : null,
        usageDetails: store && can(user, 'moderate_reviews') ? () => this.reviews.usageDetailsOf(store) : null,
      },
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
      .header('content-security-policy', dashboardCsp(cspNonce, this.ssr.isDev))
      .header('cache-control', 'private, no-store')
      .status(result.status)
      .send(result.body);
  }
}
