import type { TUser } from '../../shared/accounts.js';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants.js';
import { readWorkspaceId } from '../session/session';
import { ApiError, apiFetch, toApiError } from './client';

const UPLOAD_PATH = '/api/auth/users/update-photo/';

/**
 * POST the photo as multipart field `profile_photo`. XMLHttpRequest rather than apiFetch: fetch cannot
 * report upload progress. `onProgress` gets 0–1.
 */
export async function uploadProfilePhoto(file: File, onProgress: (fraction: number) => void): Promise<TUser> {
  try {
    return await send(file, onProgress);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    // An expired access token: any apiFetch call refreshes the session (or leaves for /login), then retry once.
    await apiFetch('/api/auth/users/me/');
    onProgress(0);
    return send(file, onProgress);
  }
}

function send(file: File, onProgress: (fraction: number) => void): Promise<TUser> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_PATH);
    xhr.responseType = 'text';
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const workspaceId = readWorkspaceId();
    if (workspaceId) xhr.setRequestHeader('X-Workspace-ID', workspaceId);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as TUser);
      else void toApiError(new Response(xhr.responseText || null, { status: xhr.status })).then(reject);
    };
    xhr.onerror = () => reject(new Error('Network error while uploading the photo'));
    xhr.ontimeout = () => reject(new Error('The photo upload timed out'));

    const body = new FormData();
    body.append('profile_photo', file, file.name);
    xhr.send(body);
  });
}
