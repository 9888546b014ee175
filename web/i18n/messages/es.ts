import shell from '../es.json';
import auth from '../auth/es.json';
import dashboard from '../dashboard/es.json';
import settingsPages from '../settings/es.json';
import integrations from '../integrations/es.json';
import billing from '../billing/es.json';
import reviews from '../reviews/es.json';
import moderation from '../moderation/es.json';
import widgets from '../widgets/es.json';
import type { TMessages } from './en';

const messages: TMessages = {
  ...shell,
  auth,
  dashboard,
  settingsPages,
  integrations,
  billing,
  reviews,
  moderation,
  widgets,
};
export default messages;
