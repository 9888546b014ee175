import type { Config } from 'vike/types';

// The delivery log pages with the reviews list's pagination, whose texts are the reviews area's.
export default {
  messages: ['reviews'],
} satisfies Config;
