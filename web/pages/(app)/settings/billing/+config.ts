import type { Config } from 'vike/types';

export default {
  messages: ['billing', 'reviews'],
} satisfies Config;
