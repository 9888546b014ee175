import { z } from 'zod';

// The vendor's sibling apps shown on /settings/other-apps (SPEC §2 Other apps). Names, descriptions and features
// are translated in the dashboard; each app's listing URL comes from the server's configuration.

export const OTHER_APP_CATEGORIES = ['multimedia', 'ai', 'conversion', 'analytics'] as const;
export type TOtherAppCategory = (typeof OTHER_APP_CATEGORIES)[number];

export const OTHER_APPS = [
  { key: 'reels', category: 'multimedia' },
  { key: 'voiceSearch', category: 'ai' },
  { key: 'urgency', category: 'conversion' },
  { key: 'sessionReplay', category: 'analytics' },
] as const satisfies ReadonlyArray<{ key: string; category: TOtherAppCategory }>;
export type TOtherAppKey = (typeof OTHER_APPS)[number]['key'];

export const ZOtherApp = z
  .object({
    key: z.enum(OTHER_APPS.map((app) => app.key)),
    category: z.enum(OTHER_APP_CATEGORIES),
    /** Where the app is listed (an app store's page, or its search). */
    url: z.url(),
  })
  .meta({ id: 'OtherApp' });
export type TOtherApp = z.output<typeof ZOtherApp>;

/** GET /api/other-apps/ — each sibling app with the address of its listing. */
export const ZOtherApps = z.object({ apps: z.array(ZOtherApp) }).meta({ id: 'OtherApps' });
export type TOtherApps = z.output<typeof ZOtherApps>;
