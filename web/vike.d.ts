import type { TLanguage, TTheme } from '../shared/constants.js';
import type { TSessionUser } from '../shared/session.js';

declare global {
  namespace Vike {
    /** Set by the server in `renderPage(pageContextInit)` and passed to the client. */
    interface PageContext {
      /** null when signed out. */
      user: TSessionUser | null;
      /** From the `theme` cookie, so SSR renders it with no flash. */
      theme: TTheme;
      locale: TLanguage;
    }
  }
}

export {};
