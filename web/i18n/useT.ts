import type { i18n as I18n, TFunction } from 'i18next';
import { useContext, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

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

function fixedT(i18n: I18n, language: string): TFunction {
  let byLanguage = fixedTs.get(i18n);
  if (!byLanguage) fixedTs.set(i18n, (byLanguage = new Map()));
  let t = byLanguage.get(language);
  if (!t) byLanguage.set(language, (t = i18n.getFixedT(language)));
  return t;
}

/**
 * The page's `t`, in the language shown, rendering again when it changes: react-i18next's `useTranslation().t`
 * without its cost. That hook copies the i18n instance's properties into a wrapper for each component that calls it,
 * and a server render is always a first render: on a list of reviews, nine components a row, that was an eighth of
 * the render's CPU. Here every component shares one `t` per language. Components that read the instance itself (its
 * language, `changeLanguage`) use react-i18next's hook, whose wrapper changes with the language.
 */
export function useT(): TFunction {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const language = useSyncExternalStore(
    subscriberOf(i18n),
    () => i18n.language,
    () => i18n.language,
  );
  return fixedT(i18n, language);
}
