import type { TMessages } from './messages/en';

/**
 * The areas of the dashboard's texts (their top-level keys, one file each per language). A page gets the shell's
 * texts (navigation, page titles, errors) and those of the areas it lists in its `messages` setting (`+config.ts`).
 */
export const MESSAGE_AREAS = [
  'auth',
  'dashboard',
  'settingsPages',
  'integrations',
  'billing',
  'reviews',
  'moderation',
  'widgets',
  'requests',
  'questions',
  'insights',
] as const satisfies readonly (keyof TMessages)[];
export type TMessageArea = (typeof MESSAGE_AREAS)[number];

type TShellMessages = Omit<TMessages, TMessageArea>;

/** The texts a page holds: the shell's, and some areas'. */
export type TPageMessages = TShellMessages & Partial<Pick<TMessages, TMessageArea>>;

/** A language's files, each loaded on its own (a chunk per file in the browser). */
export type TMessageFiles = { shell: () => Promise<{ default: TShellMessages }> } & {
  [A in TMessageArea]: () => Promise<{ default: TMessages[A] }>;
};
