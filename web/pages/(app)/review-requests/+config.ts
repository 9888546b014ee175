import type { Config } from 'vike/types';

export default {
  messages: ['requests', 'dashboard', 'reviews'],
} satisfies Config;
