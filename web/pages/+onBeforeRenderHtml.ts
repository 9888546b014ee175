import type { PageContextServer } from 'vike/types';
import { messageAreas, serverMessagesJson, serverMessagesOf } from '../i18n';

// The page's texts are rendered with it and sent along (passToClient, as the JSON text of them: vike's serializer
// visits every value it is given, and the texts are the most of them): the browser hydrates without a file of its own.
export default async function onBeforeRenderHtml(pageContext: PageContextServer): Promise<void> {
  pageContext.messages = await serverMessagesOf(pageContext.locale, messageAreas(pageContext.config));
  pageContext.messagesJson = serverMessagesJson(pageContext.messages);
}
