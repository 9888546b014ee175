import { answerOf, type UploadError } from './upload.js';

// A tus 1.0.0 client for one file, the protocol's subset the server speaks (creation, core, termination): start the
// upload, PATCH it in chunks, and after a failure ask with HEAD where it stands and go on from there. The upload's
// URL is kept in sessionStorage under the caller's key (file fingerprint and product), so a reload of the page
// resumes it too once the shopper picks the same file.

/** Bytes per PATCH: what a phone loses on a drop the server did not see, and the granularity of the progress bar. */
const CHUNK = 4 * 1024 * 1024;
/** Seconds to wait before each new try after a network or server failure; then the shopper is asked. */
const BACKOFF = [1, 2, 4, 8, 15, 30, 30, 30];
/** A request with no upload progress this long has stalled (mobile networks hang more than they fail): tried again. */
const STALL_MS = 30000;

export interface ResumableOptions {
  /** `{api}/api/reviews/uploads/` */
  endpoint: string;
  file: Blob;
  /** The sessionStorage key of this file's upload. */
  key: string;
  metadata: Record<string, string>;
  /** Bytes sent (those the server holds and the chunk in flight's), and those the server holds. */
  progress(sent: number, stored: number): void;
  /** A failure is being waited out: the next try in this many seconds. */
  waiting(seconds: number): void;
  /** The upload's id once complete, or what stopped it. */
  done(error: UploadError | null, id?: string): void;
}

export function remembered(key: string, value?: string | null): string {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else if (value !== undefined) sessionStorage.setItem(key, value);
    return sessionStorage.getItem(key) || '';
  } catch {
    // Storage disabled (a private window): the upload still resumes after network failures, not after a reload.
    return '';
  }
}

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

function request(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Blob | null,
  progress: ((loaded: number) => void) | null,
  done: (xhr: XMLHttpRequest | null) => void,
): XMLHttpRequest {
  const xhr = new XMLHttpRequest();
  let stall = 0;
  const watch = () => {
    clearTimeout(stall);
    stall = setTimeout(() => xhr.abort(), STALL_MS);
  };
  const finish = (answered: boolean) => {
    clearTimeout(stall);
    done(answered ? xhr : null);
  };
  xhr.open(method, url);
  headers['Tus-Resumable'] = '1.0.0';
  for (const name in headers) xhr.setRequestHeader(name, headers[name]);
  xhr.upload.onprogress = (event) => {
    watch();
    if (progress) progress(event.loaded);
  };
  xhr.onload = () => finish(true);
  xhr.onerror = xhr.onabort = xhr.ontimeout = () => finish(false);
  watch();
  xhr.send(body);
  return xhr;
}

/** Uploads `options.file`, resuming where the server stands; returns what stops it (the shopper cancelled). */
export function resumable(options: ResumableOptions): () => void {
  const { file, key } = options;
  let url = remembered(key);
  let offset = 0;
  let failures = 0;
  let stopped = false;
  let timer = 0;
  let xhr: XMLHttpRequest | null = null;

  const fail = (answer: UploadError) => {
    stopped = true;
    options.done(answer);
  };
  /** Network failures, stalls and server errors are waited out with a growing pause; the offset is asked again. */
  const retry = (answer: XMLHttpRequest | null) => {
    if (stopped) return;
    if (failures === BACKOFF.length) return fail(answer ? answerOf(answer) : {});
    const pause = BACKOFF[failures++];
    const seconds = (answer && Number(answer.getResponseHeader('Retry-After'))) || pause;
    options.waiting(seconds);
    timer = setTimeout(url ? head : create, seconds * 1000);
  };
  /** Sends, and passes on answers that are not failures to wait out. */
  const send = (
    method: string,
    target: string,
    headers: Record<string, string>,
    body: Blob | null,
    answered: (xhr: XMLHttpRequest) => void,
  ) => {
    xhr = request(
      method,
      target,
      headers,
      body,
      method === 'PATCH' ? (n) => options.progress(offset + n, offset) : null,
      (x) => {
        if (stopped) return;
        if (!x || x.status >= 500) retry(x);
        else answered(x);
      },
    );
  };
  const restart = () => {
    url = remembered(key, null);
    create();
  };

  function create() {
    const metadata = Object.keys(options.metadata)
      .map((name) => name + ' ' + base64(options.metadata[name]))
      .join(',');
    send('POST', options.endpoint, { 'Upload-Length': String(file.size), 'Upload-Metadata': metadata }, null, (x) => {
      if (x.status !== 201) return fail(answerOf(x));
      url = new URL(x.getResponseHeader('Location') || '', options.endpoint).href;
      remembered(key, url);
      offset = 0;
      patch();
    });
  }

  function head() {
    send('HEAD', url, {}, null, (x) => {
      // Expired, removed, or another file's: start again.
      const gone = x.status === 404 || x.status === 410;
      if (gone || (x.status === 200 && Number(x.getResponseHeader('Upload-Length')) !== file.size)) return restart();
      if (x.status !== 200) return fail(answerOf(x));
      offset = Number(x.getResponseHeader('Upload-Offset'));
      patch();
    });
  }

  function patch() {
    options.progress(offset, offset);
    if (offset >= file.size) return options.done(null, url.split('/').filter(Boolean).pop());
    const headers = { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' };
    send('PATCH', url, headers, file.slice(offset, offset + CHUNK), (x) => {
      if (x.status === 204) {
        failures = 0;
        offset = Number(x.getResponseHeader('Upload-Offset'));
        return patch();
      }
      // Where the server stands differs from what this page thought (a broken chunk was stored after all), or the
      // server still reads an earlier request of this upload (423 until it ends or is cut as idle).
      if (x.status === 409 || x.status === 423) return retry(null);
      if (x.status === 404 || x.status === 410) return restart();
      // A refused file (type, size) will not do better on another try; a throttled shopper may resume later.
      if (x.status !== 429) remembered(key, null);
      fail(answerOf(x));
    });
  }

  if (url) head();
  else create();
  return () => {
    stopped = true;
    clearTimeout(timer);
    xhr?.abort();
  };
}

/** The shopper gave up: the server may drop what it kept now rather than when it expires. */
export function cancelUpload(key: string): void {
  const url = remembered(key);
  remembered(key, null);
  if (url) request('DELETE', url, {}, null, null, () => undefined);
}
