import { formatAmount, type FakeCheckoutSession, type FakePrice } from './objects.js';

// The hosted checkout page: what the customer sees between the app's redirect and the success URL.

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #f6f8fa; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 8px; }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  .price { font-size: 2rem; font-weight: 600; margin: 0; }
  .note { color: #4a4a4a; }
  button { width: 100%; padding: .75rem; font: inherit; font-weight: 600; color: #fff; background: #0a5cd5;
    border: 0; border-radius: 6px; cursor: pointer; }
  a { color: #0a5cd5; }
`;

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** `success_url` with Stripe's `{CHECKOUT_SESSION_ID}` template filled in. */
export function successUrl(session: FakeCheckoutSession): string {
  return session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

export function checkoutPage(
  session: FakeCheckoutSession,
  price: FakePrice,
  quantity: number,
  trialDays: number | null,
  email: string | null,
): string {
  const plan = price.nickname ?? price.id;
  const amount = `${formatAmount(price.unit_amount * quantity, price.currency)} per ${price.recurring.interval}`;
  if (session.status !== 'open') {
    return layout(
      `${plan}: checkout ${session.status}`,
      `<h1>This checkout is ${session.status}</h1>
<p>Nothing more to do here.</p><p><a href="${escapeHtml(successUrl(session))}">Back to the site</a></p>`,
    );
  }
  const trial = trialDays
    ? `<p class="note" data-testid="stripe-trial">${trialDays} days free, then ${escapeHtml(amount)}.</p>`
    : '';
  const cancel = session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}" data-testid="stripe-cancel">Cancel</a></p>`
    : '';
  return layout(
    `Subscribe to ${plan}`,
    `<h1>Subscribe to ${escapeHtml(plan)}</h1>
<p class="price" data-testid="stripe-price">${escapeHtml(amount)}</p>${trial}
${email ? `<p class="note">Billed to <span data-testid="stripe-email">${escapeHtml(email)}</span></p>` : ''}
<p class="note">Test mode: the card Visa ending 4242 pays.</p>
<form method="post" action="/checkout/${encodeURIComponent(session.id)}">
<button type="submit" data-testid="stripe-pay">Pay</button></form>${cancel}`,
  );
}

export function notFoundPage(): string {
  return layout('Checkout not found', '<h1>Something went wrong</h1><p>This checkout session does not exist.</p>');
}
