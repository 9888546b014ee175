import { Inject, Injectable } from '@nestjs/common';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { signupRequests } from '../database/schema.js';

/** Regular sign-ups waiting for their mailed link (AccountsRepository.createOwnerFromSignup confirms one). */
@Injectable()
export class SignupRequestsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async create(row: typeof signupRequests.$inferInsert): Promise<void> {
    await this.database.db.insert(signupRequests).values(row);
  }
}
