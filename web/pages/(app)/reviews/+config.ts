import type { Config } from 'vike/types';

export default {
  messages: ['reviews', 'moderation', 'billing'],
} satisfies Config;
