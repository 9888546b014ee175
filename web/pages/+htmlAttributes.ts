import type { PageContextServer } from 'vike/types';

// Server-only: the theme is on <html> in the first byte of HTML, so there is no light flash in dark mode.
export default function htmlAttributes(pageContext: PageContextServer) {
  return { 'data-theme': pageContext.theme };
}
