// The part of Stripe.js (https://js.stripe.com/v3/) the card form uses: a card Element and SetupIntent confirmation.
// It is loaded on demand, from the address the server names (the CSP allows exactly that origin).

export interface StripeCardElement {
  mount(target: HTMLElement): void;
  on(event: 'change', handler: (event: { complete: boolean; error?: { message: string } }) => void): void;
  on(event: 'ready', handler: () => void): void;
  destroy(): void;
}

export interface StripeJs {
  elements(options?: Record<string, unknown>): {
    create(type: 'card', options?: Record<string, unknown>): StripeCardElement;
  };
  confirmCardSetup(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details?: { name?: string } } },
  ): Promise<{
    setupIntent?: { id: string; status: string; payment_method: string | null };
    error?: { message?: string };
  }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

const loading = new Map<string, Promise<void>>();

/** Stripe.js for this publishable key, the script added once per page. */
export async function loadStripe(jsUrl: string, publishableKey: string): Promise<StripeJs> {
  if (!window.Stripe) {
    let script = loading.get(jsUrl);
    if (!script) {
      script = new Promise<void>((resolve, reject) => {
        const element = document.createElement('script');
        element.src = jsUrl;
        element.async = true;
        element.onload = () => resolve();
        element.onerror = () => {
          loading.delete(jsUrl);
          element.remove();
          reject(new Error('Stripe.js did not load'));
        };
        document.head.append(element);
      });
      loading.set(jsUrl, script);
    }
    await script;
  }
  if (!window.Stripe) throw new Error('Stripe.js did not load');
  return window.Stripe(publishableKey);
}
