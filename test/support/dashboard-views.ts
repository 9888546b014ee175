import type { Page } from 'playwright-core';

/**
 * Every page of the dashboard and every dialog reachable on it, for suites that walk them all (accessibility,
 * sideways scroll, console errors). Add a page or a dialog here and the walk covers it.
 */

/** Who looks: the store's owner, a member of its team, a Stripe subscriber, a connected BigCommerce owner, nobody. */
export type TPageViewer = 'owner' | 'member' | 'subscriber' | 'bigcommerce' | 'visitor';

/** What the seeding made that some addresses need. */
export interface DashboardSeedLinks {
  /** A pending invitation's token, from the mail the owner's invitation sent. */
  invitationToken: string;
  /** A password-reset link's code that still works, from the mail a "forgot password" sent. */
  resetCode: string;
}

export interface DashboardView {
  /** Unique; names the test. */
  name: string;
  viewer: TPageViewer;
  path: string | ((links: DashboardSeedLinks) => string);
  /** Visible once the page has what it shows (its data, not a skeleton). */
  ready: string;
  /** Opens a dialog (or a tab, a form) on the loaded page; `ready` is then what it shows. */
  open?: (page: Page) => Promise<void>;
  /** What to check when not the whole page: an open dialog (the page under it is checked on its own). */
  scope?: string;
  /** Only at these widths (the menu drawer exists below 900 px). */
  widths?: readonly number[];
  /** Console errors the page provokes on purpose and handles (e.g. a refused request it explains). */
  expectedErrors?: RegExp;
}

export const WALK_WIDTHS = [375, 768, 1280] as const;
export const WALK_THEMES = ['light', 'dark'] as const;
/**
 * The dark theme changes colours only, so it is walked at a phone's width (the menu drawer) and a desktop's (the
 * sidebar); the light walk checks every width's layout, the tablet's drawer included.
 */
export const WALK_DARK_WIDTHS = [375, 1280] as const;

export const DIALOG = '[role="dialog"], [role="alertdialog"]';
const click = (selector: string) => async (page: Page) => page.locator(selector).first().click();

/** A dialog opened by clicking `opener` on the page. */
const dialog = (opener: string): Pick<DashboardView, 'open' | 'scope'> => ({ open: click(opener), scope: DIALOG });

const app = (name: string, path: string, ready: string, extra: Partial<DashboardView> = {}): DashboardView => ({
  name,
  viewer: 'owner',
  path,
  ready,
  ...extra,
});

/** The history's seeded request is drawn (the funnel above it arrives with the page). */
const REQUESTS_READY = '[data-testid="request-row"]';

export const DASHBOARD_VIEWS: readonly DashboardView[] = [
  app('dashboard', '/', '[data-testid="review-activity-chart"] .server-chart'),
  app('menu drawer', '/', '[data-testid="drawer"]', { ...dialog('[data-testid="menu-button"]'), widths: [375, 768] }),
  app('reviews', '/reviews', '[data-testid="review-row"]'),
  app('reviews: media dialog', '/reviews', '[data-testid="media-dialog"] :is(img, video)', {
    ...dialog('[data-testid="review-media"]'),
  }),
  app('reviews: change status dialog', '/reviews', '[data-testid="status-dialog"]', {
    ...dialog('[data-testid="edit-review"]'),
  }),
  app('reviews: delete dialog', '/reviews', '[data-testid="delete-dialog"]', {
    ...dialog('[data-testid="delete-review"]'),
  }),
  app('reviews: limit modal', '/reviews', '[data-testid="limit-modal"] [data-testid="limit-upgrade"][href*="plan="]', {
    ...dialog('[data-testid="approve-review"]'),
    expectedErrors: /status of 40[23]/,
  }),
  app('reviews: filter toast', '/reviews', '[data-testid="toast"]', {
    open: click('[data-testid="status-filter"] [data-value="pending"]'),
    scope: '[data-testid="toast"]',
  }),
  app('review requests', '/review-requests', REQUESTS_READY),
  app('review requests: new request dialog', '/review-requests', '[data-testid="create-dialog"]', {
    ...dialog('[data-testid="create-open"]'),
  }),
  app('review requests: import dialog', '/review-requests', '[data-testid="import-dialog"]', {
    ...dialog('[data-testid="import-open"]'),
  }),
  app('review requests: settings', '/review-requests', '[data-testid="settings-form"]', {
    open: click('[data-testid="tab-settings"]'),
  }),
  app('review requests: incentive errors', '/review-requests', 'input[name="incentive.fixed_code"][aria-invalid]', {
    open: async (page) => {
      await page.getByTestId('tab-settings').click();
      await page.locator('input[name="incentive.fixed_code"]').fill('');
      await page.getByTestId('settings-save').click();
    },
  }),
  app('BigCommerce: review requests incentive', '/review-requests', '[data-testid="incentive-source"]', {
    viewer: 'bigcommerce',
    open: async (page) => {
      await page.getByTestId('tab-settings').click();
      await page.getByTestId('incentive-reward').selectOption('video');
      await page.getByTestId('incentive-value-type').selectOption('fixed_amount');
    },
  }),
  app('review requests: mail', '/review-requests', '[data-testid="preview-frame"]', {
    open: click('[data-testid="tab-template"]'),
  }),
  app('review requests: do not mail', '/review-requests', '[data-testid="suppression-row"]', {
    open: click('[data-testid="tab-suppressions"]'),
  }),
  app('review requests: remove address dialog', '/review-requests', '[data-testid="suppression-remove-dialog"]', {
    open: async (page) => {
      await page.getByTestId('tab-suppressions').click();
      await page.locator('[data-testid="suppression-remove"]').first().click();
    },
    scope: DIALOG,
  }),
  app('questions', '/questions', '[data-testid="question-card"]'),
  app('insights', '/insights', '[data-testid="insights-products"]'),
  app('insights: explore', '/insights', '[data-testid="ratings-explorer-chart"] svg', {
    open: click('[data-testid="ratings-explore"]'),
  }),
  app('insights: member', '/insights?days=90', '[data-testid="conversion-lift"]', { viewer: 'member' }),
  app('questions: delete dialog', '/questions', '[data-testid="question-delete-dialog"]', {
    ...dialog('[data-testid="question-delete"]'),
  }),
  app('widget settings', '/widget-settings', '[data-testid="widget-tabs"] form'),
  app('widget settings: products', '/widget-settings', '[data-testid="product-row"]', {
    open: click('[data-testid="tab-products"]'),
  }),
  app('widget settings: product override dialog', '/widget-settings', '[data-testid="override-dialog"]', {
    open: async (page) => {
      await page.getByTestId('tab-products').click();
      await page.locator('[data-testid="edit-override"]').first().click();
    },
    scope: DIALOG,
  }),
  app('widget settings: appearance', '/widget-settings', '[data-testid="color-primary_color"]', {
    open: click('[data-testid="tab-appearance"]'),
  }),
  app('settings', '/settings', 'main a[href="/settings/account"]'),
  // Ready once the member's notification choice (fetched after the page) is shown.
  app('account', '/settings/account', '[data-testid="notifications-save"]'),
  app('account: change password dialog', '/settings/account', '[data-testid="change-password-dialog"]', {
    ...dialog('[data-testid="change-password-open"]'),
  }),
  app('team', '/settings/team', '[data-testid="team-row"][data-status="invited"]'),
  app('team: invite dialog', '/settings/team', '[data-testid="invite-dialog"]', {
    ...dialog('[data-testid="invite-open"]'),
  }),
  app('team: remove member dialog', '/settings/team', `${DIALOG}:has([data-testid="confirm-remove"])`, {
    ...dialog('[data-testid="remove-member"]'),
  }),
  app('moderation', '/settings/moderation', '[data-testid="moderation-form"]'),
  app('billing', '/settings/billing', '[data-testid="billing-plan-free"]'),
  app('billing: chosen plan', '/settings/billing?plan=starter', '[data-testid="billing-plan-starter"]'),
  app(
    'billing success',
    '/billing/success',
    '[data-testid="billing-success-confirming"], [data-testid="billing-success-plan"]',
  ),
  app('billing cancel', '/billing/cancel', '[data-testid="billing-cancel-text"]'),
  app('integrations', '/settings/integrations', 'main a[href="/settings/integrations/shopify"]'),
  app('integrations: BigCommerce', '/settings/integrations/bigcommerce', '[data-testid="bigcommerce-form"]'),
  app('integrations: Shopify', '/settings/integrations/shopify', '[data-testid="shopify-step-1"]'),
  app('integrations: Tienda Nube', '/settings/integrations/tiendanube', '[data-testid="tiendanube-checklist"]'),
  app('import and export', '/settings/import-export', '[data-testid="import-drop"]'),
  app('API keys', '/settings/api-keys', '[data-testid="api-key-row"]'),
  app('API keys: create dialog', '/settings/api-keys', '[data-testid="api-key-create-form"]', {
    ...dialog('[data-testid="api-key-create-open"]'),
  }),
  app('API keys: create dialog errors', '/settings/api-keys', '[data-testid="api-key-scopes-error"]', {
    open: async (page) => {
      await page.getByTestId('api-key-create-open').click();
      await page.getByTestId('api-key-create-submit').click();
    },
    scope: DIALOG,
    expectedErrors: /status of 400/,
  }),
  app('API keys: revoke dialog', '/settings/api-keys', '[data-testid="api-key-revoke-dialog"]', {
    ...dialog('[data-testid="api-key-revoke"]'),
  }),
  app('webhooks', '/settings/webhooks', '[data-testid="webhook-endpoint"]'),
  app('webhooks: delivery log', '/settings/webhooks', '[data-testid="webhook-delivery-row"]', {
    open: click('[data-testid="webhook-log-toggle"]'),
  }),
  app('webhooks: add dialog', '/settings/webhooks', '[data-testid="webhook-endpoint-form"]', {
    ...dialog('[data-testid="webhook-create-open"]'),
  }),
  app('webhooks: add dialog errors', '/settings/webhooks', '[data-testid="webhook-events-error"]', {
    open: async (page) => {
      await page.getByTestId('webhook-create-open').click();
      await page.getByTestId('webhook-endpoint-submit').click();
    },
    scope: DIALOG,
    expectedErrors: /status of 400/,
  }),
  app('webhooks: edit dialog', '/settings/webhooks', '[data-testid="webhook-endpoint-form"]', {
    ...dialog('[data-testid="webhook-edit"]'),
  }),
  app('webhooks: rotate secret dialog', '/settings/webhooks', '[data-testid="webhook-rotate-confirm"]', {
    ...dialog('[data-testid="webhook-rotate"]'),
  }),
  app('webhooks: delete dialog', '/settings/webhooks', '[data-testid="webhook-delete-confirm"]', {
    ...dialog('[data-testid="webhook-delete"]'),
  }),
  app('other apps', '/settings/other-apps', '[data-testid="other-apps"]'),

  app('member: dashboard', '/', '[data-testid="review-activity-chart"] .server-chart', { viewer: 'member' }),
  app('member: reviews', '/reviews', '[data-testid="review-row"]', { viewer: 'member' }),
  app('member: review requests', '/review-requests', REQUESTS_READY, { viewer: 'member' }),
  app('member: review requests settings', '/review-requests', '[data-testid="settings-form"]', {
    viewer: 'member',
    open: click('[data-testid="tab-settings"]'),
  }),
  app('member: questions', '/questions', '[data-testid="question-card"]', { viewer: 'member' }),
  app('member: widget settings', '/widget-settings', '[data-testid="widget-tabs"] form', { viewer: 'member' }),
  app('member: settings', '/settings', 'main a[href="/settings/account"]', { viewer: 'member' }),
  app('member: team', '/settings/team', '[data-testid="team-row"]', { viewer: 'member' }),
  app('member: billing', '/settings/billing', '[data-testid="billing-usage"]', { viewer: 'member' }),
  app('member: API keys', '/settings/api-keys', '[data-testid="api-keys-owner-only"]', { viewer: 'member' }),
  app('member: webhooks', '/settings/webhooks', '[data-testid="webhooks-owner-only"]', { viewer: 'member' }),

  app('subscriber: billing', '/settings/billing', '[data-testid="billing-card-4242"]', { viewer: 'subscriber' }),
  app('subscriber: change plan dialog', '/settings/billing', '[data-testid="billing-change-dialog"]', {
    viewer: 'subscriber',
    // Until the saved cards are known, choosing a plan goes to a new Checkout instead of this dialog.
    open: async (page) => {
      await page.getByTestId('billing-card-4242').waitFor();
      await page.getByTestId('billing-plan-action-growth').click();
    },
    scope: DIALOG,
  }),
  app('subscriber: remove card dialog', '/settings/billing', '[data-testid="billing-remove-dialog"]', {
    viewer: 'subscriber',
    ...dialog('[data-testid="billing-card-remove-4242"]'),
  }),
  app('subscriber: add card form', '/settings/billing', '[data-testid="billing-card-form"] input[name="cardnumber"]', {
    viewer: 'subscriber',
    open: click('[data-testid="billing-add-card"]'),
  }),

  app('BigCommerce: connected', '/settings/integrations/bigcommerce', '[data-testid="bigcommerce-connected"]', {
    viewer: 'bigcommerce',
  }),
  app(
    'BigCommerce: disconnect dialog',
    '/settings/integrations/bigcommerce',
    '[data-testid="bigcommerce-disconnect-dialog"]',
    {
      viewer: 'bigcommerce',
      ...dialog('[data-testid="bigcommerce-disconnect"]'),
    },
  ),

  { name: 'login', viewer: 'visitor', path: '/login', ready: '[data-testid="login-form"]' },
  {
    name: 'login: errors',
    viewer: 'visitor',
    path: '/login',
    ready: '[data-testid="login-form"] [data-testid="form-error"]',
    open: click('[data-testid="login-form"] button[type="submit"]'),
  },
  {
    name: 'login: after a password reset',
    viewer: 'visitor',
    path: '/login?reset=1',
    ready: '[data-testid="login-form"] [data-testid="form-success"]',
  },
  { name: 'register', viewer: 'visitor', path: '/register', ready: '[data-testid="register-form"]' },
  {
    name: 'register: sent empty',
    viewer: 'visitor',
    path: '/register',
    ready: '[data-testid="register-form"] input[aria-invalid="true"]',
    open: click('[data-testid="register-form"] button[type="submit"]'),
  },
  {
    name: 'register: invitation',
    viewer: 'visitor',
    path: ({ invitationToken }) => `/register?token=${invitationToken}`,
    ready: '[data-testid="register-form"] input[name="email"][value*="@"]',
  },
  {
    name: 'register: confirm link that failed',
    viewer: 'visitor',
    path: '/register/confirm?token=not-a-token',
    ready: '[data-testid="signup-confirm"][data-status="failed"]',
    expectedErrors: /status of 4\d\d/,
  },
  { name: 'forgot password', viewer: 'visitor', path: '/forgot-password', ready: '[data-testid="forgot-form"]' },
  {
    name: 'reset password',
    viewer: 'visitor',
    path: ({ resetCode }) => `/reset-password?code=${encodeURIComponent(resetCode)}`,
    ready: '[data-testid="reset-form"]',
  },
  {
    name: 'reset password: link used or expired',
    viewer: 'visitor',
    path: '/reset-password?code=not-a-code',
    ready: '[data-testid="reset-link-invalid"]',
  },
  {
    name: 'confirm email link that failed',
    viewer: 'visitor',
    path: '/confirm-email?token=not-a-token',
    ready: '[data-testid="email-confirm"][data-status="failed"]',
    expectedErrors: /status of 4\d\d/,
  },
];

export function pathOf(view: DashboardView, links: DashboardSeedLinks): string {
  return typeof view.path === 'string' ? view.path : view.path(links);
}
