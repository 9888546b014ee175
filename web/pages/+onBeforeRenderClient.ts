import type { PageContextClient } from 'vike/types';
import { addMessages, currentLanguage, ensureMessages, messageAreas } from '../i18n';
import type { TPageMessages } from '../i18n/areas';
import { hydrateInTransition } from '../lib/hydrateInTransition';

hydrateInTransition();

// The first render takes the texts that came with the page; a client-side navigation waits for the new page's areas
// in the language shown, unless the browser holds them already.
export default async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  const areas = messageAreas(pageContext.config);
  if (pageContext.isHydration && pageContext.messagesJson) {
    pageContext.messages = JSON.parse(pageContext.messagesJson) as TPageMessages;
    addMessages(pageContext.locale, pageContext.messages, areas);
  } else await ensureMessages(currentLanguage(pageContext.locale), ['shell', ...areas]);
}
