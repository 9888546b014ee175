import type { TServerApi } from '../shared/server-api.js';
import type { TMessageArea, TPageMessages } from './i18n/areas';
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
      /** Notices dismissed for this browser session (web/lib/useDismissed.ts). */
      dismissed: string[];
      /**
       * The page's texts in `locale`, set by the server render (+onBeforeRenderHtml) for the first render; the server
       * writes them into the page (PAGE_TEXTS_ELEMENT_ID), where +onBeforeRenderClient reads them to hydrate.
       */
      messages?: TPageMessages;
      /**
       * Server only, never passed to the client: in-process reads for `+data` hooks, bound to the signed-in user's
       * current workspace and store. null when signed out, without a store, or without the permission.
       */
      serverApi?: TServerApi;
    }

    interface Config {
      /** The areas of web/i18n whose texts the page shows beside the shell's. */
      messages?: TMessageArea[];
    }

    interface ConfigResolved {
      messages?: TMessageArea[][];
    }
  }
}

export {};
