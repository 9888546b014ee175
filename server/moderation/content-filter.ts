import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import type { TModerationFlag } from '../../shared/moderation-options.js';

/**
 * What the text of a review says that holds it back: profanity (English through `obscenity`, Spanish and Portuguese
 * from the list below), a link, an e-mail address, a phone number, or one of the store's blocked words. Pure: the
 * flags that need other reviews (same text, second review) are the service's.
 */
export type TextFlag = Extract<TModerationFlag, 'profanity' | 'link' | 'email' | 'phone' | 'blocked_word'>;

const english = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/**
 * `obscenity` matches some English words as prefixes ("cum…", "anal…"), which would flag Spanish and Portuguese words
 * ("cumple", "cumprimento", "análise"). A match counts only when its word is the English word itself, with at most an
 * English ending after it, or when the match sits inside a word (patterns `obscenity` trusts anywhere, "…fuck…").
 */
const ENGLISH_ENDINGS = new Set(['', 's', 'es', 'ed', 'er', 'ers', 'ing', 'in', 'y', 'ies', 'hole', 'holes', 'head']);

/**
 * Spanish and Portuguese words that are profane wherever they appear, matched as whole words. Curated: the published
 * lists for these languages include everyday words (hammer, beer, "por favor") and would hold back ordinary reviews.
 */
const ROMANCE_PROFANITY = new Set([
  // es
  'puta',
  'putas',
  'puto',
  'putos',
  'putear',
  'mierda',
  'mierdas',
  'coño',
  'cabrón',
  'cabron',
  'cabrona',
  'cabrones',
  'gilipollas',
  'jilipollas',
  'pendejo',
  'pendeja',
  'pendejos',
  'pendejas',
  'joder',
  'jodido',
  'jodida',
  'jodidos',
  'chingar',
  'chingada',
  'chingado',
  'chingados',
  'verga',
  'culero',
  'culera',
  'carajo',
  'hijueputa',
  'hijoputa',
  'hijaputa',
  'malparido',
  'malparida',
  'pelotudo',
  'pelotuda',
  'maricón',
  'maricon',
  'mamón',
  'follar',
  'capullo',
  'zorra',
  // pt
  'porra',
  'caralho',
  'caralhos',
  'merda',
  'merdas',
  'foda',
  'fodas',
  'foder',
  'fodido',
  'fodida',
  'fodendo',
  'buceta',
  'arrombado',
  'arrombada',
  'cuzão',
  'cuzao',
  'viado',
  'piroca',
  'bosta',
  'babaca',
  'otário',
  'otario',
  'vagabunda',
  'desgraçado',
  'desgraçada',
]);

/** Lower-cased words, accents kept ("coño" is not "cono", a cone). */
function words(text: string): string[] {
  return text.toLocaleLowerCase('und').match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
}

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

function englishProfanity(text: string): boolean {
  for (const match of english.getAllMatches(text)) {
    let start = match.startIndex;
    while (start > 0 && WORD_CHAR.test(text[start - 1])) start -= 1;
    if (start < match.startIndex) return true;
    let end = match.endIndex + 1;
    while (end < text.length && WORD_CHAR.test(text[end])) end += 1;
    if (ENGLISH_ENDINGS.has(text.slice(match.endIndex + 1, end).toLowerCase())) return true;
  }
  return false;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
/** A scheme, "www.", or a host with a common top-level domain ("shop.example.com", "bit.ly/x"). */
const LINK =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|co|me|ly|gl|ws|to|app|shop|store|online|site|xyz|link|br|es|pt|mx|ar|cl|uy|pe)\b(?:\/\S*)?/iu;
/** 8 to 15 digits with the usual separators, not part of a longer token. */
const PHONE = /(?<![\p{L}\p{N}])\+?\d(?:[\s().-]{0,2}\d){7,14}(?![\p{L}\p{N}])/gu;
/** What looks like a phone number but is a date or a time span ("2026-05-01", "01/05/2026"). */
const DATE = /^\d{4}[-./]\d{1,2}[-./]\d{1,2}$|^\d{1,2}[-./]\d{1,2}[-./]\d{2,4}$/;

/** Every `blocked` entry (a word or a phrase) found as whole words in `text`. */
function hasBlocked(textWords: string[], blocked: readonly string[]): boolean {
  const joined = ` ${textWords.join(' ')} `;
  return blocked.some((entry) => {
    const phrase = words(entry);
    return phrase.length > 0 && joined.includes(` ${phrase.join(' ')} `);
  });
}

/** The flags of one review's text (its name and comment), in MODERATION_FLAGS' order. */
export function textFlags(text: string, blockedWords: readonly string[] = []): TextFlag[] {
  const flags: TextFlag[] = [];
  const textWords = words(text);
  if (textWords.some((word) => ROMANCE_PROFANITY.has(word)) || englishProfanity(text)) flags.push('profanity');
  const withoutEmails = text.replace(EMAIL, ' ');
  if (LINK.test(withoutEmails)) flags.push('link');
  if (withoutEmails !== text) flags.push('email');
  const phones = withoutEmails.match(PHONE) ?? [];
  if (phones.some((candidate) => !DATE.test(candidate.trim()))) flags.push('phone');
  if (hasBlocked(textWords, blockedWords)) flags.push('blocked_word');
  return flags;
}
