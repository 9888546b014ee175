import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { COOKIES, FALLBACK_LANGUAGE, isLanguage, type TLanguage } from '../../shared/constants.js';
import { setPreferenceCookie } from '../lib/cookies';
import { ensureLanguage } from './index';

export function useLanguage(): { language: TLanguage; setLanguage: (language: TLanguage) => void } {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : FALLBACK_LANGUAGE;

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
