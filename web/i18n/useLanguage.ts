import { useCallback } from 'react';
import { COOKIES, FALLBACK_LANGUAGE, isLanguage, type TLanguage } from '../../shared/constants.js';
import { setPreferenceCookie } from '../lib/cookies';
import { ensureLanguage } from './index';
import { useI18n, useI18nLanguage } from './useT';

/** The dashboard's language and the way to change it; rendering again when it changes (see useT for why not react-i18next's hook). */
export function useLanguage(): { language: TLanguage; setLanguage: (language: TLanguage) => void } {
  const i18n = useI18n();
  const resolved = useI18nLanguage(i18n, 'resolved');
  const language = isLanguage(resolved) ? resolved : FALLBACK_LANGUAGE;

  const setLanguage = useCallback(
    (next: TLanguage) => {
      setPreferenceCookie(COOKIES.language, next);
      void ensureLanguage(next, language).then(async () => {
        await i18n.changeLanguage(next);
        document.documentElement.lang = next;
      });
    },
    [i18n, language],
  );

  return { language, setLanguage };
}
