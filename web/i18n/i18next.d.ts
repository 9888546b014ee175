import type { TMessages } from './messages/en';

// English is the reference bundle: `t()` keys are checked against it at compile time.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: TMessages };
  }
}
