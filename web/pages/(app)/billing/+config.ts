import type { Config } from 'vike/types';

export default {
  messages: ['billing'],
} satisfies Config;
