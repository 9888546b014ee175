import type { TMessageFiles } from '../areas';

export default {
  shell: () => import('../es.json'),
  auth: () => import('../auth/es.json'),
  dashboard: () => import('../dashboard/es.json'),
  settingsPages: () => import('../settings/es.json'),
  integrations: () => import('../integrations/es.json'),
  billing: () => import('../billing/es.json'),
  reviews: () => import('../reviews/es.json'),
  moderation: () => import('../moderation/es.json'),
  widgets: () => import('../widgets/es.json'),
  requests: () => import('../requests/es.json'),
  questions: () => import('../questions/es.json'),
  insights: () => import('../insights/es.json'),
} satisfies TMessageFiles;
