import { pathToFileURL } from 'node:url';
import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';

type Review = components['schemas']['Review'];
type ApiError = components['schemas']['ApiError'];

/** What a refused call says: its status, and the API's `{detail, code}`. */
function failure(what: string, status: number, error: ApiError): Error {
  return new Error(`${what}: ${status} ${error.code}: ${error.detail}`);
}

/**
 * Approves the store's newest pending review with an API key holding `reviews:read` and `reviews:write`; null when
 * none is pending. Every path, parameter and answer below is checked against the API's own document (api.d.ts).
 */
export async function approveFirstPending(baseUrl: string, apiKey: string): Promise<Review | null> {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });

  const pending = await api.GET('/api/reviews/', { params: { query: { status: 'pending', page_size: 1 } } });
  if (pending.error) throw failure('Listing pending reviews', pending.response.status, pending.error);
  const [review] = pending.data.results;
  if (!review) return null;

  const approved = await api.POST('/api/reviews/{id}/approve/', { params: { path: { id: review.id } } });
  if (approved.error) throw failure(`Approving review ${review.id}`, approved.response.status, approved.error);
  return approved.data;
}

// `BASE_URL=https://reviews.example.com API_KEY=vr_… node dist/client.js`
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { BASE_URL, API_KEY } = process.env;
  if (!BASE_URL || !API_KEY) {
    console.error('Set BASE_URL (the app, e.g. http://localhost:3000) and API_KEY (vr_…).');
    process.exit(2);
  }
  const review = await approveFirstPending(BASE_URL, API_KEY);
  console.log(
    review
      ? `Approved review ${review.id} by ${review.customer.name} (${review.rating}/5) on ${review.product_name}.`
      : 'No review is pending.',
  );
}
