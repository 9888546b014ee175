import { Signer } from '../common/signer.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The team notification mails' unsubscribe link: the membership id signed with a key of its own (no login needed,
 * no expiry — an unsubscribe link must keep working). It can only turn that member's notifications off.
 */
export class UnsubscribeTokens {
  private readonly signer: Signer;

  constructor(secret: string) {
    this.signer = new Signer(secret, 'team-notification-unsubscribe');
  }

  issue(membershipId: string): string {
    return `${membershipId}.${this.signer.sign(membershipId)}`;
  }

  /** The membership a token names, or null for one this server did not sign. */
  read(token: string): string | null {
    const [membershipId, signature, extra] = token.split('.');
    if (extra !== undefined || !signature || !UUID.test(membershipId ?? '')) return null;
    return this.signer.verify(membershipId, signature) ? membershipId : null;
  }
}
