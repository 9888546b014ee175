import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';

export function guard(pageContext: PageContextServer): void {
  if (pageContext.user) return;
  // urlParsed, not urlOriginal: on client navigation urlOriginal is the …/index.pageContext.json request.
  const { pathname, searchOriginal } = pageContext.urlParsed;
  throw redirect(`/login?next=${encodeURIComponent(pathname + (searchOriginal ?? ''))}`);
}
