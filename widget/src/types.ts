import type { TPublicReviews, TWidgetConfiguration } from '../../shared/storefront.js';
import type { openModal } from './modal.js';
import type { openSort } from './sort-list.js';

export type TPlatform = 'generic' | 'shopify' | 'bigcommerce' | 'tiendanube';

/** The product the page shows, as the widget found it. */
export interface Product {
  id: string;
  platform: TPlatform;
  /** What named the product, for the console line: `data-video-reviews`, `JSON-LD`, `Open Graph`, `the URL path`… */
  from: string;
  /** The merchant's `[data-video-reviews]` placeholder, when the page has one. */
  placeholder: HTMLElement | null;
  name: string;
  image: string;
  url: string;
}

/** What the main bundle hands the on-demand form chunk. */
export interface FormContext {
  container: HTMLElement;
  configuration: TWidgetConfiguration;
  api: string;
  store: string;
  product: Pick<Product, 'id' | 'name' | 'image' | 'url'>;
  /** The widget's session (as in its beacons), sent with the upload. */
  session: string;
  /** Called when the shopper closes the form. */
  done(): void;
  /**
   * On the hosted review page (a review request's link): the buyer is known, so no email is asked; the name and the
   * star the mail's link chose come filled in, and the review is posted to `endpoint`; `sent` follows its success.
   */
  request?: { endpoint: string; name: string; rating: number; sent(): void };
}

/** What the main bundle hands the on-demand Questions panel (issue 25): its disclosure button, the data version. */
export interface QuestionsContext extends FormContext {
  button: HTMLButtonElement;
  version: string;
}

export interface RenderOptions {
  preview?: boolean;
}

declare global {
  interface Window {
    VideoReviews?: {
      render(
        host: HTMLElement,
        configuration: TWidgetConfiguration,
        reviews: TPublicReviews,
        options?: RenderOptions,
      ): void;
    };
    __vrLoaded?: boolean;
    __vrForm?: (context: FormContext) => void;
    __vrJsonLd?: (product: Product, data: TPublicReviews) => void;
    __vrModal?: typeof openModal;
    __vrQuestions?: (context: QuestionsContext) => void;
    __vrSort?: typeof openSort;
    ShopifyAnalytics?: { meta?: { product?: { id?: number | string } } };
    LS?: { product?: { id?: number | string } };
  }
}
