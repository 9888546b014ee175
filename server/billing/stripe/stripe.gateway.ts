import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../config/config.module.js';

/**
 * The Stripe SDK, configured once: `STRIPE_API_URL` points it elsewhere (the tests' fake Stripe), where retries are
 * off so a failure shows at once. Null-safe: without `STRIPE_SECRET_KEY`, billing through Stripe is not offered.
 */
@Injectable()
export class StripeGateway {
  readonly client: Stripe | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const { secretKey, apiUrl } = config.stripe;
    if (!secretKey) {
      this.client = null;
      return;
    }
    const target = apiUrl ? new URL(apiUrl) : null;
    this.client = new Stripe(secretKey, {
      ...(target && {
        host: target.hostname,
        port: Number(target.port) || (target.protocol === 'https:' ? 443 : 80),
        protocol: target.protocol.replace(':', '') as 'http' | 'https',
      }),
      maxNetworkRetries: target ? 0 : 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'video-reviews' },
    });
  }

  get configured(): boolean {
    return this.client !== null;
  }

  get stripe(): Stripe {
    if (!this.client) throw new Error('Stripe is not configured');
    return this.client;
  }

  /**
   * Verifies `Stripe-Signature` on the raw body with the SDK (300 s tolerance); throws when it does not hold. The body
   * is parsed afterwards, by the rules every webhook's body follows.
   */
  verifySignature(raw: Buffer, signature: string | undefined): void {
    const verifier = this.stripe.webhooks.signature;
    if (!signature || !this.config.stripe.webhookSecret || !verifier) throw new Error('No signature');
    verifier.verifyHeader(raw, signature, this.config.stripe.webhookSecret);
  }
}
