import type { Config } from 'vike/types';

export default {
  messages: ['dashboard', 'reviews', 'billing'],
} satisfies Config;
