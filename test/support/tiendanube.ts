import type { FakeTiendaNube } from '../fakes/tiendanube.js';

/** The environment that points the app at a fake Tienda Nube. */
export function tiendaNubeEnv(tn: FakeTiendaNube): Record<string, string> {
  return {
    TIENDANUBE_CLIENT_ID: tn.clientId,
    TIENDANUBE_CLIENT_SECRET: tn.clientSecret,
    TIENDANUBE_API_URL: tn.url,
    TIENDANUBE_AUTH_URL: tn.url,
  };
}
