import type { PageContextServer } from 'vike/types';

export interface TResetLinkData {
  /** false: the link was used or has expired, and the page says so instead of showing its form. */
  codeUsable: boolean;
}

/**
 * Whether the link's code still works, read in process on the server, so a used or expired link never shows a form
 * that would only fail. Without a code, a reader or an answer, the page shows its form and the reset call decides.
 */
export async function data(pageContext: PageContextServer): Promise<TResetLinkData | undefined> {
  const code = pageContext.urlParsed.search.code?.trim();
  const check = pageContext.serverApi?.resetCodeUsable;
  if (!code || !check) return undefined;
  try {
    return { codeUsable: await check(code) };
  } catch {
    return undefined;
  }
}
