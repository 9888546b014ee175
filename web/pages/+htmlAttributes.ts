import type { Config } from 'vike/types';

// Server-only: the theme is on <html> in the first byte of HTML, so there is no light flash in dark mode.
const htmlAttributes: Config['htmlAttributes'] = (pageContext) => ({ 'data-theme': pageContext.theme });

export default htmlAttributes;
