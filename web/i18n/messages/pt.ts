import shell from '../pt.json';
import auth from '../auth/pt.json';
import dashboard from '../dashboard/pt.json';
import settingsPages from '../settings/pt.json';
import integrations from '../integrations/pt.json';
import billing from '../billing/pt.json';
import reviews from '../reviews/pt.json';
import moderation from '../moderation/pt.json';
import widgets from '../widgets/pt.json';
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
