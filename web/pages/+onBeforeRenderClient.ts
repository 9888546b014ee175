import type { PageContextClient } from 'vike/types';
import { PAGE_TEXTS_ELEMENT_ID } from '../../shared/constants.js';
import { addMessages, currentLanguage, ensureMessages, messageAreas } from '../i18n';
import type { TPageMessages } from '../i18n/areas';
import { hydrateInTransition } from '../lib/hydrateInTransition';

hydrateInTransition();

// The first render takes the texts that came with the page (server/ssr/page-texts.ts); a client-side navigation
// waits for the new page's areas in the language shown, unless the browser holds them already.
export default async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  const areas = messageAreas(pageContext.config);
  const texts = pageContext.isHydration ? document.getElementById(PAGE_TEXTS_ELEMENT_ID)?.textContent : undefined;
  if (texts) {
    pageContext.messages = JSON.parse(texts) as TPageMessages;
    addMessages(pageContext.locale, pageContext.messages, areas);
  } else await ensureMessages(currentLanguage(pageContext.locale), ['shell', ...areas]);
}
