import type { Config } from 'vike/types';

export default {
  messages: ['integrations'],
} satisfies Config;
