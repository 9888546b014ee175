import { SetMetadata, UseGuards, applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { TApiKeyScope } from '../../shared/api-keys.js';
import type { TPermission } from '../../shared/permissions.js';
import { KEY_SCOPE, REQUIRED_PERMISSION, type AuthContext } from './auth-context.js';
import { SessionGuard } from './session.guard.js';

/** The route needs a signed-in user, and the permission when one is named (DESIGN §6.5). */
export function Authenticated(permission?: TPermission): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(REQUIRED_PERMISSION, permission), UseGuards(SessionGuard));
}

/** The route takes API keys holding `scope` (issue 28); without this, a key is refused (account routes). */
export function KeyScope(scope: TApiKeyScope): MethodDecorator & ClassDecorator {
  return SetMetadata(KEY_SCOPE, scope);
}

/** The AuthContext SessionGuard set on the request. */
export const Auth = createParamDecorator((_data: unknown, context: ExecutionContext): AuthContext => {
  const auth = context.switchToHttp().getRequest<FastifyRequest>().auth;
  if (!auth) throw new Error('@Auth() used on a route without @Authenticated()');
  return auth;
});
