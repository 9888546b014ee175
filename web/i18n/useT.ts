import type { i18n as I18n, TFunction } from 'i18next';
import { useContext, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';
import { remembering } from './remembering';

const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();
const subscribers = new WeakMap<I18n, (onChange: () => void) => () => void>();

function subscriberOf(i18n: I18n) {
  let subscribe = subscribers.get(i18n);
  if (!subscribe) {
    subscribe = (onChange) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    };
    subscribers.set(i18n, subscribe);
  }
  return subscribe;
}

/**
 * i18next's fixed `t` for the language, remembering texts: looking a key up costs tens of microseconds (its namespace,
 * its plural and context forms, nesting and interpolation), and a list of reviews asks for the same few texts on every
 * row. Texts added to the instance (a page's areas, on a navigation) clear what it remembers.
 */
function fixedT(i18n: I18n, language: string): TFunction {
  let byLanguage = fixedTs.get(i18n);
  if (!byLanguage) {
    const made = new Map<string, TFunction>();
    i18n.store?.on('added', () => made.clear());
    fixedTs.set(i18n, (byLanguage = made));
  }
  let t = byLanguage.get(language);
  if (!t) byLanguage.set(language, (t = remembering(i18n, language, i18n.getFixedT(language))));
  return t;
}

/** The page's i18n instance (the provider's, else the global one). It stays the same when the language changes. */
export function useI18n(): I18n {
  return useContext(I18nContext)?.i18n ?? getI18n();
}

/**
 * The instance's language (`resolved`: the first of its languages that has texts), rendering again when it changes.
 * i18next sets both before it emits `languageChanged`.
 */
export function useI18nLanguage(i18n: I18n, which: 'language' | 'resolved' = 'language'): string | undefined {
  const read = which === 'resolved' ? () => i18n.resolvedLanguage : () => i18n.language;
  return useSyncExternalStore(subscriberOf(i18n), read, read);
}

/**
 * The page's `t`, in the language shown, rendering again when it changes: react-i18next's `useTranslation().t`
 * without its cost. That hook copies the i18n instance's properties into a wrapper for each component that calls it,
 * and a server render is always a first render: on a list of reviews, nine components a row, that was an eighth of
 * the render's CPU. Here every component shares one `t` per language.
 */
export function useT(): TFunction {
  const i18n = useI18n();
  return fixedT(i18n, useI18nLanguage(i18n) ?? '');
}
