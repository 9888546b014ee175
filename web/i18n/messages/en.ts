import type shell from '../en.json';
import type auth from '../auth/en.json';
import type dashboard from '../dashboard/en.json';
import type settingsPages from '../settings/en.json';
import type integrations from '../integrations/en.json';
import type billing from '../billing/en.json';
import type reviews from '../reviews/en.json';
import type moderation from '../moderation/en.json';
import type widgets from '../widgets/en.json';
import type requests from '../requests/en.json';
import type questions from '../questions/en.json';
import type insights from '../insights/en.json';
import type { TMessageFiles } from '../areas';

// One file per area (shell, auth pages, dashboard, settings pages, integrations, billing, reviews, bulk moderation
// and review details, widget settings, review requests), one namespace once merged. English is the reference: the other languages
// are typed against it, so a key missing from a translation fails the typecheck.
export type TMessages = typeof shell & {
  auth: typeof auth;
  dashboard: typeof dashboard;
  settingsPages: typeof settingsPages;
  integrations: typeof integrations;
  billing: typeof billing;
  reviews: typeof reviews;
  moderation: typeof moderation;
  widgets: typeof widgets;
  requests: typeof requests;
  questions: typeof questions;
  insights: typeof insights;
};

export default {
  shell: () => import('../en.json'),
  auth: () => import('../auth/en.json'),
  dashboard: () => import('../dashboard/en.json'),
  settingsPages: () => import('../settings/en.json'),
  integrations: () => import('../integrations/en.json'),
  billing: () => import('../billing/en.json'),
  reviews: () => import('../reviews/en.json'),
  moderation: () => import('../moderation/en.json'),
  widgets: () => import('../widgets/en.json'),
  requests: () => import('../requests/en.json'),
  questions: () => import('../questions/en.json'),
  insights: () => import('../insights/en.json'),
} satisfies TMessageFiles;
