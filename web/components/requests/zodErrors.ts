import type { TFunction } from 'i18next';
import type { ZodError } from 'zod';
import type { TFieldErrors } from '../form/apiErrors';

/**
 * A schema's issues as the form's field errors, keyed like the API's `fields` (`products.0.name`), each in the
 * dashboard's language when `messages` knows the field (its last path segment), else the schema's own words.
 */
export function zodFieldErrors(error: ZodError, t: TFunction, messages: Record<string, string>): TFieldErrors {
  const fields: TFieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    const key = String(issue.path.at(-1) ?? '');
    const message = issue.code === 'too_big' ? t('requests.create.errors.tooLong') : (messages[key] ?? issue.message);
    (fields[path] ??= []).push(message);
  }
  return fields;
}
