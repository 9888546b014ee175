/** What a storefront page says of its product (the widget reads it from the page), as a shopper's submission sends it. */
export interface PageProduct {
  name?: string;
  imageUrl?: string;
  url?: string;
}

const site = (host: string) => host.toLowerCase().replace(/^www\./, '');

/**
 * A page's link as a product may keep it: to one of the hosts the store's platform reports when it has some, else
 * to the origin the submission came from (the page the widget runs on, as the browser says). So a submission cannot
 * make the dashboard link to another site; without either, no link.
 */
function ownLink(value: string | undefined, origin: string | undefined, storeHosts: string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(value ?? '');
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const own = storeHosts.length ? storeHosts.map(site).includes(site(url.hostname)) : url.origin === origin;
  return own ? url.href : undefined;
}

/** The page's data as a new, unverified product keeps it. */
export function pageProduct(
  fields: { product_name?: string; product_image?: string; product_url?: string },
  origin: string | undefined,
  storeHosts: string[],
): PageProduct {
  return {
    name: fields.product_name,
    imageUrl: fields.product_image,
    url: ownLink(fields.product_url, origin, storeHosts),
  };
}
