/** A new element with an optional class, text (always as text, never markup) and attributes. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string | null,
  attributes?: Record<string, string>,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text != null) element.textContent = text;
  for (const name in attributes) element.setAttribute(name, attributes[name]);
  return element;
}

/** Fills `{n}`-style placeholders of a UI string. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

export function warn(message: string): void {
  console.warn('[video-reviews] ' + message);
}

export function info(message: string): void {
  console.info('[video-reviews] ' + message);
}

/** localStorage, when the browser allows it: a read, or with `value` a write. */
export function storage(key: string, value?: number): string | null {
  try {
    if (value === undefined) return localStorage.getItem(key);
    localStorage.setItem(key, String(value));
  } catch {
    // Storage may be refused (privacy modes): what it keeps is only a hint.
  }
  return null;
}
