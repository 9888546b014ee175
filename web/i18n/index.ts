import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nOptions } from './options';
import { isLanguage, type TLanguage } from '../../shared/constants.js';
import type { TMessageArea, TMessageFiles, TPageMessages } from './areas';
import en from './messages/en';
import es from './messages/es';
import pt from './messages/pt';

const FILES: Record<TLanguage, TMessageFiles> = { en, es, pt };

type TPart = keyof TMessageFiles;

/**
 * The texts of a page in one language: the shell's and its areas'. The server render sends them with the page
 * (`pageContext.messages`); the browser loads a file of its own only on a client-side navigation to a page of
 * another area, or a switch of language.
 */
export async function loadMessages(lng: TLanguage, areas: readonly TMessageArea[]): Promise<TPageMessages> {
  const [shell, ...loaded] = await Promise.all([FILES[lng].shell(), ...areas.map((area) => FILES[lng][area]())]);
  return Object.assign({}, shell.default, Object.fromEntries(areas.map((area, i) => [area, loaded[i].default])));
}

/** The page's areas, from its `messages` setting (cumulative: the layouts' and its own). */
export function messageAreas(config: { messages?: TMessageArea[][] }): TMessageArea[] {
  return [...new Set(config.messages?.flat())];
}

// The browser's instance, and the files it holds per language: what a page brought, and what was loaded since.
let clientInstance: i18n | undefined;
const clientResources: Partial<Record<TLanguage, TPageMessages>> = {};
const held = new Map<TLanguage, Set<TPart>>();

function heldParts(lng: TLanguage): Set<TPart> {
  let parts = held.get(lng);
  if (!parts) held.set(lng, (parts = new Set()));
  return parts;
}

/** Gives the browser a page's texts; `areas` are those it carries beside the shell's. */
export function addMessages(lng: TLanguage, messages: TPageMessages, areas: readonly TMessageArea[]): void {
  const parts = heldParts(lng);
  parts.add('shell');
  for (const area of areas) parts.add(area);
  if (clientInstance) clientInstance.addResourceBundle(lng, 'translation', messages, true, true);
  else clientResources[lng] = { ...clientResources[lng], ...messages };
}

/** Loads, in the browser, whichever of these files it does not hold yet in this language. */
export async function ensureMessages(lng: TLanguage, parts: Iterable<TPart>): Promise<void> {
  const missing = [...new Set(parts)].filter((part) => !heldParts(lng).has(part));
  if (missing.length === 0) return;
  const areas = missing.filter((part): part is TMessageArea => part !== 'shell');
  const messages = await loadMessages(lng, areas);
  addMessages(lng, messages, areas);
}

/** Another language, with the same files the browser holds in the one it shows (for a switch of language). */
export function ensureLanguage(next: TLanguage, current: TLanguage): Promise<void> {
  return ensureMessages(next, heldParts(current));
}

function createI18n(lng: TLanguage, resources: Partial<Record<TLanguage, TPageMessages>>): i18n {
  const instance = i18next.createInstance();
  // With inline resources and `initAsync: false`, init completes before it returns.
  void instance.use(initReactI18next).init(i18nOptions(lng, resources));
  return instance;
}

// The server's texts per language and set of areas, and an instance per such texts: a server render never changes
// its instance's language or texts, so renders of the same language and areas share one (making one per render was a
// tenth of a small page's CPU).
const serverMessages = new Map<string, Promise<TPageMessages>>();
const serverInstances = new WeakMap<TPageMessages, i18n>();

/** `loadMessages`, once per language and set of areas on the server (the same object each time). */
export function serverMessagesOf(lng: TLanguage, areas: readonly TMessageArea[]): Promise<TPageMessages> {
  const key = `${lng}|${[...areas].sort().join(',')}`;
  let messages = serverMessages.get(key);
  if (!messages) {
    messages = loadMessages(lng, areas);
    serverMessages.set(key, messages);
    messages.catch(() => serverMessages.delete(key));
  }
  return messages;
}

/**
 * On the server, the instance holding a page's texts (one per language and set of areas); one instance in the
 * browser, holding whatever `addMessages` gave it.
 */
export function getI18n(lng: TLanguage, messages: TPageMessages | undefined): i18n {
  if (import.meta.env.SSR) {
    if (!messages) return createI18n(lng, {});
    let instance = serverInstances.get(messages);
    if (!instance) serverInstances.set(messages, (instance = createI18n(lng, { [lng]: messages })));
    return instance;
  }
  clientInstance ??= createI18n(lng, clientResources);
  return clientInstance;
}

/** The language the browser currently shows, which the user may have changed since the page loaded. */
export function currentLanguage(fallback: TLanguage): TLanguage {
  const lng = clientInstance?.resolvedLanguage;
  return isLanguage(lng) ? lng : fallback;
}
