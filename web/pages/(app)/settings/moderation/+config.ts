import type { Config } from 'vike/types';

export default {
  messages: ['moderation'],
} satisfies Config;
