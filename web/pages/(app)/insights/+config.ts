import type { Config } from 'vike/types';

export default {
  messages: ['insights', 'dashboard', 'reviews'],
} satisfies Config;
