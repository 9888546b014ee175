import type { Config } from 'vike/types';
import { currentLanguage } from '../i18n';

// <html lang>: the request's locale on the server; in the browser, the language the user has picked since
// (vike-react re-applies this setting on every client-side navigation).
const lang: Config['lang'] = (pageContext) => currentLanguage(pageContext.locale);

export default lang;
