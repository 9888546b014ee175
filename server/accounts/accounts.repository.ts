import { Inject, Injectable } from '@nestjs/common';
import { asc, eq } from 'drizzle-orm';
import type { TSessionUser } from '../../shared/session.js';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { memberships, users } from '../database/schema.js';

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
}

@Injectable()
export class AccountsRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  async createUser(user: NewUser): Promise<{ id: string }> {
    const [row] = await this.database.db
      .insert(users)
      .values({ ...user, email: user.email.trim().toLowerCase() })
      .returning({ id: users.id });
    return row;
  }

  /** The signed-in user as the dashboard needs it, with the first workspace they belong to. */
  async findSessionUser(userId: string): Promise<TSessionUser | null> {
    const [row] = await this.database.db
      .select({
        id: users.id,
        email: users.email,
        first_name: users.firstName,
        last_name: users.lastName,
        profile_photo: users.profilePhotoKey,
        isActive: users.isActive,
        role: memberships.role,
        workspace_id: memberships.workspaceId,
      })
      .from(users)
      .leftJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.id, userId))
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    if (!row || !row.isActive) return null;
    const { isActive: _active, ...user } = row;
    return user;
  }
}
