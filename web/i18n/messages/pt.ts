import type { TMessageFiles } from '../areas';

export default {
  shell: () => import('../pt.json'),
  auth: () => import('../auth/pt.json'),
  dashboard: () => import('../dashboard/pt.json'),
  settingsPages: () => import('../settings/pt.json'),
  integrations: () => import('../integrations/pt.json'),
  billing: () => import('../billing/pt.json'),
  reviews: () => import('../reviews/pt.json'),
  moderation: () => import('../moderation/pt.json'),
  widgets: () => import('../widgets/pt.json'),
  requests: () => import('../requests/pt.json'),
  questions: () => import('../questions/pt.json'),
  insights: () => import('../insights/pt.json'),
} satisfies TMessageFiles;
