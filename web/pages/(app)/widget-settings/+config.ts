import type { Config } from 'vike/types';

export default {
  messages: ['widgets', 'reviews'],
} satisfies Config;
