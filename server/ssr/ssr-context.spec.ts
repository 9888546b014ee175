import { dashboardCsp, stripeCspSources } from './ssr-context.js';

describe('the dashboard CSP', () => {
  it('allows no third party and no frame by default', () => {
    const csp = dashboardCsp('n0nce');
    expect(csp).toContain("script-src 'self' 'nonce-n0nce';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-src 'none';");
  });

  it('lets Stripe.js load, call Stripe and frame its card fields when card billing is on', () => {
    const csp = dashboardCsp('n0nce', false, stripeCspSources('https://js.stripe.com/v3/'));
    expect(csp).toContain("script-src 'self' 'nonce-n0nce' https://js.stripe.com;");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com;');
  });

  it('lets a stand-in Stripe.js (the tests’) do the same from its own origin, and keeps development’s websocket', () => {
    const csp = dashboardCsp('n0nce', true, stripeCspSources('http://127.0.0.1:4000/js/v3/'));
    expect(csp).toContain("script-src 'self' 'nonce-n0nce' http://127.0.0.1:4000;");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:4000 ws://localhost:* ws://127.0.0.1:*;");
  });
});
