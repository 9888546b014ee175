import type { PageContextServer } from 'vike/types';
import { messageAreas, serverMessagesOf } from '../i18n';

// The page's texts are rendered with it and sent along (passToClient): the browser hydrates without a file of its own.
export default async function onBeforeRenderHtml(pageContext: PageContextServer): Promise<void> {
  pageContext.messages = await serverMessagesOf(pageContext.locale, messageAreas(pageContext.config));
}
