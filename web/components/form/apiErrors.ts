import { ApiError } from '../../api/client';

export type TFieldErrors = Record<string, string[]>;

/** The server's `detail`, or undefined for anything that is not an API answer (network failure, timeout). */
export function apiDetail(error: unknown): string | undefined {
  return error instanceof ApiError && error.body.detail ? error.body.detail : undefined;
}

/** The API's per-field messages, keyed by the field's `name`. */
export function apiFieldErrors(error: unknown): TFieldErrors {
  return (error instanceof ApiError && error.fields) || {};
}

export function firstFieldError(fields: TFieldErrors): string | undefined {
  return Object.values(fields).find((messages) => messages.length > 0)?.[0];
}

/** The messages for `name` and for its items (`name.0`, `name.1`…): a list's refusals belong under the list. */
export function fieldMessages(fields: TFieldErrors, name: string): string[] {
  return Object.entries(fields)
    .filter(([field]) => field === name || field.startsWith(`${name}.`))
    .flatMap(([, messages]) => messages);
}
