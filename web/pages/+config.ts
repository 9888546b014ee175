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
  },
} satisfies Config;
