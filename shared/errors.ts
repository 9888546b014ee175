import { z } from 'zod';

/** DESIGN §4: the one error body every API failure answers with. */
export const ZApiError = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
