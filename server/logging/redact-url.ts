// Links in mails carry single-use secrets in the URL (reset codes, invitation tokens), and so do OAuth returns
// (authorization codes, state nonces); logs must not.
const SECRET_PARAMS = /([?&](?:code|token|refresh|access_token|state)=)[^&#]*/gi;
const SECRET_SEGMENTS = /(\/api\/auth\/invitations\/verify\/)[^/?#]+/i;

export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENTS, '$1[redacted]').replace(SECRET_PARAMS, '$1[redacted]');
}
