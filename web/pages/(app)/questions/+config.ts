import type { Config } from 'vike/types';

export default {
  messages: ['questions', 'reviews', 'moderation'],
} satisfies Config;
