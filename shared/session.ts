import { z } from 'zod';

/** What the server puts in the page context about the signed-in user (null when signed out). */
export const ZSessionUser = z.object({
  id: z.string().uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile_photo: z.string().nullable(),
  role: z.enum(['owner', 'member']).nullable(),
  workspace_id: z.string().uuid().nullable(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;
