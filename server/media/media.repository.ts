import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../database/database.js';
import { DATABASE } from '../database/database.module.js';
import { media, reviews, users } from '../database/schema.js';
import { ownerKey } from './processing/processed-keys.js';

/**
 * Which rows point at a media key. Keys are random and unique across stores, and the callers (public media
 * serving, the leftover sweep) start from a key alone, so these look-ups span every tenant.
 */
@Injectable()
export class MediaRepository {
  constructor(@Inject(DATABASE) private readonly database: DatabaseHandle) {}

  /**
   * Whether a published review shows this file: approved, not deleted, and its media ready. A review still processing,
   * or whose processing failed, names its original upload, which is never public (its GPS position, its device).
   */
  async isPublished(file: string): Promise<boolean> {
    const key = ownerKey(file);
    const [row] = await this.database.rows<{ published: boolean }>(sql`
      select exists (
        select 1 from ${reviews}
        where (video_key = ${key} or photo_key = ${key} or thumbnail_key = ${key})
          and status = 'approved' and deleted_at is null and media_state = 'ready'
      ) as published`);
    return row?.published === true;
  }

  /** The keys among `keys` that some review, user or media row still names. */
  async referenced(files: string[]): Promise<Set<string>> {
    if (!files.length) return new Set();
    // A processed photo's other sizes belong to it: referenced while it is.
    const keys = [...new Set(files.map(ownerKey))];
    const rows = await this.database.rows<{ key: string }>(sql`
      select key from ${media} where key in ${keys}
      union select video_key from ${reviews} where video_key in ${keys}
      union select photo_key from ${reviews} where photo_key in ${keys}
      union select thumbnail_key from ${reviews} where thumbnail_key in ${keys}
      union select profile_photo_key from ${users} where profile_photo_key in ${keys}`);
    const owners = new Set(rows.map((row) => row.key));
    return new Set(files.filter((file) => owners.has(ownerKey(file))));
  }
}
