import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { COOKIES } from '../../shared/constants.js';

@Controller('api/auth')
export class AuthController {
  /** Clears the session cookies. Refresh-token revocation comes with the accounts work (issue 3). */
  @Post('logout/')
  @HttpCode(204)
  logout(@Res({ passthrough: true }) reply: FastifyReply): void {
    void reply.clearCookie(COOKIES.access, { path: '/' }).clearCookie(COOKIES.refresh, { path: '/' });
  }
}
