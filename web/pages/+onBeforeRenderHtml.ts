import type { PageContextServer } from 'vike/types';
import { messageAreas, serverMessagesOf } from '../i18n';

// The page's texts are rendered with it and sent along (server/ssr/page-texts.ts writes them into the page as bytes
// made once per language and set of areas): the browser hydrates without a file of its own.
export default async function onBeforeRenderHtml(pageContext: PageContextServer): Promise<void> {
  pageContext.messages = await serverMessagesOf(pageContext.locale, messageAreas(pageContext.config));
}
