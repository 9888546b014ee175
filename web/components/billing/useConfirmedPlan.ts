import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TCurrentUsage } from '../../../shared/billing.js';
import { refreshBilling, useCurrentUsage } from '../../api/billing';

const POLL_MS = 1000;
const GIVE_UP_MS = 15_000;

const isPaid = (usage: TCurrentUsage | undefined) =>
  usage?.billing_status === 'active' || usage?.billing_status === 'trialing';

/**
 * After a checkout, the payment provider tells the server in its own time (a webhook): the plan is asked for every
 * second, for up to 15 s, until a paid subscription is in force.
 */
export function useConfirmedPlan() {
  const queryClient = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  const refreshed = useRef(false);
  const usage = useCurrentUsage({ refetchInterval: (data) => (isPaid(data) || timedOut ? false : POLL_MS) });
  const paid = isPaid(usage.data);

  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), GIVE_UP_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!paid || refreshed.current) return;
    refreshed.current = true;
    // The upgrade widget and the limits everywhere else follow the new plan.
    void refreshBilling(queryClient);
  }, [paid, queryClient]);

  return { plan: paid ? usage.data?.plan : undefined, timedOut: timedOut && !paid };
}
