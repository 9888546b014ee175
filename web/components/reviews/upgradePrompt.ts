import type { TUsageDetails } from '../../../shared/billing.js';
import { can, type TSessionUser } from '../../../shared/session.js';

const REACHED = new Set<TUsageDetails['recommendations']['primary_reason']>([
  'reached_active_limit',
  'reached_total_limit',
]);

/** A plan limit is reached: the card shows even to an owner who hid it, and cannot be hidden. */
export function limitReached(details: TUsageDetails): boolean {
  return REACHED.has(details.recommendations.primary_reason);
}

/**
 * SPEC §4 Upgrade widget, for owners (members cannot buy): shown when the server sees a reason to upgrade, unless this
 * owner hid it and that is still in force — a reached limit shows it regardless.
 */
export function showsUpgradePrompt(
  user: TSessionUser | null | undefined,
  details: TUsageDetails | undefined,
  now: number,
): details is TUsageDetails {
  if (!details?.show_upgrade_prompt || !can(user, 'manage_billing')) return false;
  const hiddenUntil = user?.upgrade_prompt_hidden_until;
  return limitReached(details) || !hiddenUntil || Date.parse(hiddenUntil) <= now;
}

/** The meter closest to its limit (active first on a tie): the one the card's single line shows. */
export function pressingMeter(details: TUsageDetails): 'active' | 'total' {
  const { active_reviews: active, total_reviews: total } = details.usage;
  if (active.unlimited) return 'total';
  if (total.unlimited) return 'active';
  return total.percentage > active.percentage ? 'total' : 'active';
}
