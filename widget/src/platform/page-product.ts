// What the page itself says of its product: read by product detection (initial bundle) and by the JSON-LD chunk.

type Node = Record<string, unknown>;

/** An Open Graph `<meta property>`'s content, trimmed; empty when the page has none. */
export const meta = (property: string): string =>
  (document.querySelector(`meta[property="${property}"]`)?.getAttribute('content') || '').trim();

/** The page's own Product (or ProductGroup) node, at the top level, in an array or in an `@graph`. */
export function pageProduct(): [HTMLScriptElement, unknown, Node] | null {
  for (const script of document.querySelectorAll<HTMLScriptElement>('script[type="application/ld+json"]')) {
    let data: unknown;
    try {
      data = JSON.parse(script.textContent || '');
    } catch {
      continue;
    }
    const nodes = ([] as Node[]).concat(data as Node);
    for (const node of nodes.slice()) if (node && Array.isArray(node['@graph'])) nodes.push(...node['@graph']);
    for (const node of nodes) {
      const types = ([] as unknown[]).concat(node && node['@type']);
      if (types.includes('Product') || types.includes('ProductGroup')) return [script, data, node];
    }
  }
  return null;
}
