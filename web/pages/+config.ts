import vikeReact from 'vike-react/config';
import type { Config } from 'vike/types';

export default {
  extends: [vikeReact],
  title: 'Video Reviews',
  favicon: '/favicon.svg',
  passToClient: ['user', 'theme', 'locale'],
} satisfies Config;
