import type { Config } from 'vike/types';

export default {
  messages: ['auth'],
} satisfies Config;
