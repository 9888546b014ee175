import type { Config } from 'vike/types';

export default {
  messages: ['settingsPages'],
} satisfies Config;
