import type { PageContextClient } from 'vike/types';
import { currentLanguage, loadLanguage } from '../i18n';

// The first render waits for its language's chunk; later navigations find it loaded.
export default async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  await loadLanguage(currentLanguage(pageContext.locale));
}
