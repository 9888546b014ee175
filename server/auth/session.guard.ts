import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { COOKIES } from '../../shared/constants.js';
import { permissionsOf, type TPermission } from '../../shared/permissions.js';
import { AccountsRepository, type WorkspaceMembership } from '../accounts/accounts.repository.js';
import { ApiError } from '../common/api-error.js';
import { isUuid } from '../common/uuid.pipe.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { TApiKeyScope } from '../../shared/api-keys.js';
import { ApiKeySessions, isApiKey } from './api-key-sessions.js';
import { KEY_SCOPE, REQUIRED_PERMISSION, type AuthContext } from './auth-context.js';
import type { AccessIdentity } from './auth-tokens.service.js';
import { assertSameOrigin } from './same-origin.js';
import { SessionCache } from './session-cache.js';
import { SessionService } from './session.service.js';

/**
 * Authenticates, applies the CSRF check to cookie sessions, resolves the workspace (DESIGN §4: X-Workspace-ID
 * must be one the user belongs to, else 403; without it the user's first workspace) and checks the route's
 * permission (DESIGN §6.5).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionService,
    private readonly cache: SessionCache,
    private readonly accounts: AccountsRepository,
    private readonly keys: ApiKeySessions,
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const auth = await this.contextOf(request);
    if (!auth) throw ApiError.unauthorized();
    request.auth = auth;
    if (auth.apiKey) {
      const scope = this.reflector.getAllAndOverride<TApiKeyScope | undefined>(KEY_SCOPE, [
        context.getHandler(),
        context.getClass(),
      ]);
      if (!scope) throw ApiError.forbidden('This call does not take API keys: sign in.', 'api_key_not_allowed');
      if (!auth.apiKey.scopes.includes(scope)) {
        throw ApiError.forbidden(`This key lacks the ${scope} scope.`, 'api_key_scope');
      }
      return true;
    }
    const required = this.reflector.get<TPermission | undefined>(REQUIRED_PERMISSION, context.getHandler());
    if (required && !auth.permissions.includes(required)) throw ApiError.forbidden();
    return true;
  }

  /**
   * The caller's context, or null when nobody is signed in (routes open to both, like review uploads). Kept a few
   * seconds per instance (SessionCache), checked against the user's session stamp on every call.
   */
  async contextOf(request: FastifyRequest): Promise<AuthContext | null> {
    const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (bearer && isApiKey(bearer)) return this.keyContext(request, bearer);
    const session = await this.sessions.identify(request);
    if (!session) return null;
    if (session.via === 'cookie') assertSameOrigin(request, this.config.publicUrl);
    const header = request.headers['x-workspace-id'];
    const requested = typeof header === 'string' && header ? header.trim() : undefined;
    if (!requested) return this.sessionContext(session.identity, request.cookies?.[COOKIES.workspace]);
    return this.cache.context(session.identity, `header:${requested}`, () =>
      this.read(session.identity, requested, undefined),
    );
  }

  /**
   * A session's context in the workspace its cookie remembers (else its first), from the same cache as the API's
   * calls: a page's server render and the calls it makes next share one read.
   */
  sessionContext(identity: AccessIdentity, remembered: string | undefined): Promise<AuthContext | null> {
    return this.cache.context(identity, remembered ? `cookie:${remembered}` : '', () =>
      this.read(identity, undefined, remembered),
    );
  }

  /** A key acts in its own store's workspace only: naming another in X-Workspace-ID is refused like a user's. */
  private async keyContext(request: FastifyRequest, key: string): Promise<AuthContext | null> {
    const auth = await this.keys.context(key, request.ip);
    const header = request.headers['x-workspace-id'];
    if (auth && typeof header === 'string' && header.trim() && header.trim() !== auth.workspace?.workspaceId) {
      throw ApiError.forbidden('This key acts only in its own store.', 'workspace_forbidden');
    }
    return auth;
  }

  private async read(
    identity: AccessIdentity,
    requested: string | undefined,
    remembered: string | undefined,
  ): Promise<AuthContext | null> {
    // The workspace needs only the id the token carries: both reads go out together (one round trip less on every
    // call). A refused workspace counts only once the user is known to be valid: an ended session is a 401.
    const [user, workspace] = await Promise.allSettled([
      this.sessions.userOf(identity),
      this.workspaceOf(identity.userId, requested, remembered),
    ]);
    if (user.status === 'rejected') throw user.reason;
    if (!user.value) return null;
    if (workspace.status === 'rejected') throw workspace.reason;
    return { user: user.value, workspace: workspace.value, permissions: permissionsOf(workspace.value?.role ?? null) };
  }

  private async workspaceOf(
    userId: string,
    requested: string | undefined,
    remembered: string | undefined,
  ): Promise<WorkspaceMembership | null> {
    if (requested) {
      const membership = isUuid(requested) ? await this.accounts.findMembership(userId, requested) : null;
      if (!membership) {
        throw ApiError.forbidden('You are not a member of the workspace in X-Workspace-ID.', 'workspace_forbidden');
      }
      return membership;
    }
    // The cookie mirrors the dashboard's stored selection; a stale one (removed membership) falls back.
    if (remembered && isUuid(remembered)) {
      const membership = await this.accounts.findMembership(userId, remembered);
      if (membership) return membership;
    }
    const [first] = await this.accounts.listMemberships(userId);
    return first ?? null;
  }
}
