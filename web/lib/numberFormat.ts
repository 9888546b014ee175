const formats = new Map<string, Intl.NumberFormat>();

/**
 * One Intl.NumberFormat per language and options, shared by every component and every server render: making one
 * costs more than formatting many numbers, and a server render is always a component's first render. Throws as the
 * constructor does (an unknown currency code).
 */
export function numberFormat(language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(language, options)));
  return format;
}
