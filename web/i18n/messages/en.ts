import shell from '../en.json';
import auth from '../auth/en.json';
import dashboard from '../dashboard/en.json';
import settingsPages from '../settings/en.json';
import integrations from '../integrations/en.json';
import billing from '../billing/en.json';
import reviews from '../reviews/en.json';
import moderation from '../moderation/en.json';
import widgets from '../widgets/en.json';

// One file per area (shell, auth pages, dashboard, settings pages, integrations, billing, reviews, bulk moderation
// and review details, widget settings), merged into one namespace. English is the reference: the other languages
// are typed against it, so a key missing from a translation fails the typecheck.
const messages = { ...shell, auth, dashboard, settingsPages, integrations, billing, reviews, moderation, widgets };

export type TMessages = typeof messages;
export default messages;
