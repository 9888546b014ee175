import { Injectable, Logger } from '@nestjs/common';
import type { MerchantRow } from '../accounts/accounts.repository.js';
import { hashSecret, newSecret } from '../auth/auth-tokens.service.js';
import { DomainEvents } from '../events/domain-events.js';
import { WebhookInbox } from '../inbox/webhook-inbox.service.js';
import { INSTALL_CLAIM_TTL_S } from './install-cookies.js';
import { StoreConnectionsRepository, type PlatformConnection } from './store-connections.repository.js';

/** The inbox topic each platform handles to finish an install or connect after the merchant has an answer. */
export const INSTALLED_TOPIC = 'internal/installed';

export type InstallErrorCode =
  | 'not_configured'
  | 'invalid_request'
  | 'invalid_shop'
  | 'invalid_signature'
  | 'invalid_state'
  | 'invalid_code'
  | 'invalid_credentials'
  | 'platform_error'
  | 'store_taken'
  | 'owner_inactive';

/** An install that cannot go on; `fromDashboard` when a signed-in owner started it (the answer goes back there). */
export class InstallError extends Error {
  constructor(
    readonly code: InstallErrorCode,
    message: string,
    readonly fromDashboard = false,
  ) {
    super(message);
  }
}

export type InstallOutcome =
  /** A store nobody signed up for yet: the installing browser gets the secret that lets it create the owner. */
  | { kind: 'new'; merchant: MerchantRow; claimSecret: string }
  /** A known store: its owner is signed in. */
  | { kind: 'signed_in'; merchant: MerchantRow; userId: string }
  /** A signed-in owner connected their workspace's store from the dashboard. */
  | { kind: 'connected'; merchant: MerchantRow };

const PLATFORM_NAMES: Record<PlatformConnection['platform'], string> = {
  shopify: 'Shopify',
  bigcommerce: 'BigCommerce',
  tiendanube: 'Tienda Nube',
};

/**
 * What every platform's install does once the platform vouched for the store (EXTERNAL_APIS §1–§3): one platform
 * store is one merchant, found again on re-install; a new one waits for its owner's sign-up; a workspace connects
 * only a store no other workspace holds. The rest of the work is queued for after the answer.
 */
@Injectable()
export class StoreInstalls {
  private readonly logger = new Logger(StoreInstalls.name);

  constructor(
    private readonly stores: StoreConnectionsRepository,
    private readonly inbox: WebhookInbox,
    private readonly events: DomainEvents,
  ) {}

  /** An install from the platform (its app store or admin): a known store is reconnected, a new one is created. */
  async install(connection: PlatformConnection): Promise<InstallOutcome> {
    const claimSecret = newSecret();
    const claim = { hash: hashSecret(claimSecret), expiresAt: new Date(Date.now() + INSTALL_CLAIM_TTL_S * 1000) };
    let merchant = await this.stores.findByExternal(connection.platform, connection.externalStoreId);
    if (!merchant) {
      merchant = await this.stores.createUnclaimed(connection, claim);
      if (merchant.installClaimHash === claim.hash) return { kind: 'new', merchant, claimSecret };
    }
    const reconnected = await this.stores.connect(merchant.id, connection);
    if (reconnected === 'taken') throw this.taken(connection, false);
    const owner = await this.stores.ownerOf(reconnected.workspaceId);
    if (owner && !owner.active) {
      throw new InstallError('owner_inactive', 'The account that owns this store is deactivated.');
    }
    if (owner) return { kind: 'signed_in', merchant: reconnected, userId: owner.userId };
    await this.stores.setClaim(reconnected.id, claim);
    return { kind: 'new', merchant: reconnected, claimSecret };
  }

  /** A signed-in owner connects the workspace's store (or reconnects it with new credentials). */
  async connectWorkspace(workspaceId: string, connection: PlatformConnection): Promise<InstallOutcome> {
    const merchant = await this.stores.findByWorkspace(workspaceId);
    if (!merchant) throw new InstallError('invalid_state', 'This workspace has no store.', true);
    const holder = await this.stores.findByExternal(connection.platform, connection.externalStoreId);
    if (holder && holder.id !== merchant.id) throw this.taken(connection, true);
    const connected = await this.stores.connect(merchant.id, connection);
    if (connected === 'taken') throw this.taken(connection, true);
    return { kind: 'connected', merchant: connected };
  }

  /**
   * Tells the caches, and queues the platform's `internal/installed` work (webhooks, script, catalogue), keyed by
   * the connection so a repeated call queues it once.
   */
  async afterConnect(provider: string, merchant: MerchantRow): Promise<void> {
    // The connection is committed: a cache that cannot be told (Redis down) must not turn it into a failed install;
    // the storefront's copies expire within a minute anyway.
    await this.events
      .emit('store.changed', { merchantId: merchant.id })
      .catch((err: unknown) =>
        this.logger.warn({ err, merchantId: merchant.id }, 'Caches not told of a new connection'),
      );
    await this.inbox.receive({
      provider,
      eventId: `installed:${merchant.id}:${merchant.connectedAt?.getTime() ?? Date.now()}`,
      topic: INSTALLED_TOPIC,
      payload: {},
      shop: merchant.externalStoreId,
      triggeredAt: merchant.connectedAt,
    });
  }

  private taken(connection: PlatformConnection, fromDashboard: boolean): InstallError {
    return new InstallError(
      'store_taken',
      `This ${PLATFORM_NAMES[connection.platform]} store is connected to another workspace.`,
      fromDashboard,
    );
  }
}
