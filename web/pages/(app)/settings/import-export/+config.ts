import type { Config } from 'vike/types';

export default {
  messages: ['reviews'],
} satisfies Config;
