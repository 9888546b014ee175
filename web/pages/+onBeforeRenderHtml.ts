import type { PageContextServer } from 'vike/types';
import { loadLanguage } from '../i18n';

export default async function onBeforeRenderHtml(pageContext: PageContextServer): Promise<void> {
  await loadLanguage(pageContext.locale);
}
