import vikeReact from 'vike-react/config';
import type { Config } from 'vike/types';

export default {
  extends: [vikeReact],
  title: 'Video Reviews',
  favicon: '/favicon.svg',
  passToClient: ['user', 'theme', 'locale', 'dismissed'],
  meta: {
    // The session lives in HttpOnly cookies only the server reads: guards run there, and a client-side
    // navigation to a guarded page always asks the server (pageContext.json) first.
    guard: { env: { server: true } },
    // The areas of web/i18n whose texts a page shows beside the shell's (web/i18n/areas.ts): a layout's and its own.
    messages: { env: { server: true, client: true }, cumulative: true },
  },
} satisfies Config;
