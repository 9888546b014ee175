/**
 * One Intl formatter per kind, language and options, shared by every component and every server render: making one
 * costs more than formatting a hundred values, and a server render is always a component's first render. Each
 * throws as its constructor does (an unknown currency code, say).
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>(
  kind: string,
  language: string,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${language}|${JSON.stringify(options)}`;
  let format = formats.get(key) as T | undefined;
  if (!format) formats.set(key, (format = make()));
  return format;
}

export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached('number', language, options, () => new Intl.NumberFormat(language, options));
}

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached('date', language, options, () => new Intl.DateTimeFormat(language, options));
}

export function listFormat(language: string, options: Intl.ListFormatOptions = {}): Intl.ListFormat {
  return cached('list', language, options, () => new Intl.ListFormat(language, options));
}
