import { Injectable } from '@nestjs/common';
import type { TMerchant } from '../../shared/accounts.js';
import type { TLanguage } from '../../shared/constants.js';
import { mapMerchant } from '../accounts/accounts.mapper.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import type { WorkspaceContext } from '../auth/auth-context.js';
import { ApiError } from '../common/api-error.js';

/** The current workspace's store (merchant) settings. */
@Injectable()
export class StoresService {
  constructor(private readonly accounts: AccountsRepository) {}

  async setLanguage(auth: WorkspaceContext, merchantId: string, language: TLanguage): Promise<TMerchant> {
    const updated = await this.accounts.updateMerchantLanguage(auth.workspace.workspaceId, merchantId, language);
    if (!updated) throw ApiError.notFound('No store with this id in your workspace.');
    return mapMerchant(updated);
  }
}
