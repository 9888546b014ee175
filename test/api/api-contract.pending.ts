/**
 * The API routes the document does not describe yet (issue 28): what each answers is still to be written as a zod schema
 * and declared with @Answers (or a plain route's config.outputs). This list only shrinks.
 */
export const UNDESCRIBED: readonly string[] = [];

/**
 * Described routes that cannot succeed from inputs sampled from their schemas (a mailed token, a password, a platform's
 * signature, a state), each with why and the suite that walks its happy path: the contract suite still checks every
 * answer they give, but does not require a success of them.
 */
export const UNREACHED: Record<string, string> = {
  'GET /api/auth/invitations/verify/:token': 'needs an invitation’s token, which only its mail carries (team.test.ts)',
  'GET /api/auth/shopify':
    'answers only redirects; the one to Shopify needs a query signed with the app’s secret (shopify-install.test.ts)',
  'GET /api/auth/shopify/callback':
    'answers only redirects; an install needs Shopify’s signed answer and the browser’s state cookie (shopify-install.test.ts)',
  'POST /api/auth/shopify/install':
    'needs Shopify’s signed OAuth answer and the state cookie (shopify-install.test.ts)',
  'POST /api/auth/install': 'needs a code Tienda Nube exchanges for a token (tiendanube.test.ts)',
  'POST /api/auth/bigcommerce/connect': 'needs credentials BigCommerce accepts (bigcommerce.test.ts, with its fake)',
  'POST /api/auth/token-obtain': 'needs an account’s password (auth.test.ts, login-throttle.test.ts)',
  'POST /api/auth/token-refresh': 'needs a live refresh token (auth.test.ts, page-session.test.ts)',
  'POST /api/auth/register':
    'the sampled body carries an invitation token, which only an invitation’s mail gives (auth.test.ts: 201 and 202)',
  'POST /api/auth/register/confirm': 'needs the token a sign-up mails (auth.test.ts)',
  'POST /api/auth/users/reset-password': 'needs the code a reset mails (auth.test.ts)',
  'POST /api/auth/users/change-password': 'needs the account’s current password (profile.test.ts)',
  'PATCH /api/auth/users/me':
    'the sampled body changes the email, which needs the account’s current password (profile.test.ts, email-change.test.ts)',
  'POST /api/auth/users/email-change/resend': 'needs an email change waiting for its link (email-change.test.ts)',
  'POST /api/auth/users/confirm-email': 'needs the token an email change mails (email-change.test.ts)',
  'POST /api/review-requests/import':
    'the sampled file is a photo, which the CSV import refuses whole (review-requests.test.ts)',
  'POST /api/review-requests/:id/resend':
    'needs a request sent and still open; the tenant’s has been cancelled by then (review-requests.test.ts)',
  'POST /api/review-requests/public/:token/reviews':
    'needs a request link’s token, which only its mail carries (review-request-page.test.ts)',
  'PUT /api/review-requests/settings':
    'the sampled patch breaks a rule of the settings as a whole, the window’s order (review-requests.test.ts, review-incentives.test.ts)',
  'POST /api/webhook-endpoints':
    'a sampled URL names a host with no address here, refused as the fetcher would (webhook-endpoints.test.ts)',
  'POST /api/webhook-endpoints/:id/deliveries/:deliveryId/resend':
    'the tenant’s delivery waits for a retry (its endpoint refuses connections), and one waiting is not resent (webhook-endpoints.test.ts)',
  'PATCH /api/webhook-endpoints/:id':
    'a sampled URL names a host with no address here, refused as the fetcher would (webhook-endpoints.test.ts)',
  'POST /api/review-imports': 'the sampled file is a photo, which no import format reads (review-imports.test.ts)',
  'POST /api/review-imports/:id/cancel':
    'needs an import previewed or running; the tenant’s was started and has finished (review-imports.test.ts)',
  'POST /api/webhooks/stripe/':
    'needs a Stripe-Signature made with the endpoint secret (billing-stripe.test.ts, webhook-bodies.test.ts)',
  'POST /api/webhooks/shopify/':
    'needs an X-Shopify-Hmac-Sha256 made with the app secret (shopify-webhooks.test.ts, webhook-bodies.test.ts)',
  'POST /api/webhooks/bigcommerce/':
    'needs a connected store’s hash and webhook token (bigcommerce.test.ts, webhook-bodies.test.ts)',
  'POST /api/webhooks/tiendanube/':
    'needs an X-Linkedstore-Hmac-Sha256 made with the app secret (tiendanube.test.ts, webhook-bodies.test.ts)',
  'PUT /api/reviews/:id/reply':
    'the sampled body asks to mail the reply (`notify`), and the tenant’s review has no email address (review-replies.test.ts)',
  'GET /api/reviews/summary/':
    'no `ids` is sampled from its schema (a comma-separated text piped into a list), so no query is (review-summary.test.ts)',
  'POST /api/reviews/upload':
    'the sampled files are photos, and one goes in `video`, which takes only videos (reviews-upload.test.ts, text-reviews.test.ts)',
  'POST /api/reviews/uploads':
    'tus: needs the Tus-Resumable, Upload-Length and Upload-Metadata headers, which are not sampled (resumable-upload.test.ts)',
  'GET /api/reviews/uploads/:id': 'needs an upload started by POST /api/reviews/uploads/ (resumable-upload.test.ts)',
  'PATCH /api/reviews/uploads/:id':
    'tus: needs an upload started and its chunk at the offset it stands at (resumable-upload.test.ts, resumable-upload-integrity.test.ts)',
  'DELETE /api/reviews/uploads/:id':
    'tus: needs an upload started and the Tus-Resumable header (resumable-upload.test.ts)',
  'POST /api/integrations/shopify/connect':
    'needs the Shopify app configured, which the suite’s app is not: 404 (shopify-install.test.ts)',
  'PUT /api/integrations/bigcommerce/native-reviews':
    'needs a BigCommerce store connected; the tenant’s is not one: 409 (bigcommerce.test.ts)',
  'GET /api/billing/shopify/return':
    'answers only redirects (303), to the page the merchant came from (billing-shopify.test.ts)',
  'POST /api/billing/subscriptions/:id/change_plan':
    'needs Stripe configured and a Stripe subscription (billing-stripe.test.ts, with its fake)',
  'POST /api/billing/checkout/create-checkout-session':
    'needs Stripe configured, or a Shopify store (billing-stripe.test.ts, billing-shopify.test.ts)',
  'POST /api/billing/payment-methods/create_payment_method':
    'needs Stripe configured (billing-stripe.test.ts, with its fake)',
  'POST /api/billing/payment-methods/attach_payment_method':
    'needs the store’s Stripe customer and a card saved with Stripe (billing-stripe.test.ts)',
  'POST /api/billing/payment-methods/delete_payment_method':
    'needs a card of the store’s Stripe customer (billing-stripe.test.ts)',
};
