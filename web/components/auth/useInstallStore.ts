import { useMerchantDetails } from '../../api/merchants';
import type { TRegisterMode } from './registerMode';
import { usePlatformInstall } from './usePlatformInstall';

/** The store an install-mode sign-up connects. */
export interface TInstallStore {
  merchantId: string;
  name: string;
  domain: string | null;
}

export type TInstallStoreState =
  | { status: 'retrieving' }
  | { status: 'ready'; store: TInstallStore }
  /** A known store's owner: the page is on its way to the dashboard. */
  | { status: 'signing_in' }
  /** `store`: its details could not be read (retry allowed); `install`: the install could not be completed. */
  | { status: 'failed'; reason: 'store' | 'install'; retry: (() => void) | undefined };

/** Install mode's store, from its id (GET /api/merchants/{id}/) or by completing the install; null in other modes. */
export function useInstallStore(mode: TRegisterMode): TInstallStoreState | null {
  const claim = mode.kind === 'install' ? mode.claim : undefined;
  const details = useMerchantDetails(claim?.kind === 'merchant' ? claim.merchantId : undefined);
  const install = usePlatformInstall(
    mode.kind === 'install' ? mode.platform : undefined,
    claim?.kind === 'code' ? claim.query : undefined,
  );
  const shop = mode.kind === 'install' ? mode.shop : undefined;

  if (!claim) return null;

  if (claim.kind === 'merchant') {
    if (details.data) {
      const { id, store_name, store_domain } = details.data;
      return { status: 'ready', store: { merchantId: id, name: store_name, domain: store_domain ?? shop ?? null } };
    }
    // Still an error while a retry runs: that retry shows as retrieving.
    if (details.isError && !details.isFetching)
      return { status: 'failed', reason: 'store', retry: () => void details.refetch() };
    return { status: 'retrieving' };
  }

  if (install.data?.status === 'new') {
    const { merchant_id, name, shop: domain } = install.data;
    return { status: 'ready', store: { merchantId: merchant_id, name, domain: domain || shop || null } };
  }
  if (install.data?.status === 'signed_in') return { status: 'signing_in' };
  // The code is spent whatever the answer: only a new install from the platform can try again.
  if (install.isError) return { status: 'failed', reason: 'install', retry: undefined };
  return { status: 'retrieving' };
}
