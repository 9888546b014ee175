import type { TFunction } from 'i18next';
import { ApiError } from '../../api/client';
import { apiDetail } from '../form/apiErrors';

/**
 * What a failed billing call tells the merchant: the payment provider out of reach in their language (the server's
 * detail is English), else the server's detail, else `fallback`.
 */
export function billingError(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code === 'payment_provider_unavailable') {
    return t('billing.providerUnavailable');
  }
  return apiDetail(error) ?? fallback;
}
