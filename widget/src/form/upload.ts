/** What a refused upload answered (DESIGN §4 error body, status, Retry-After seconds); empty for a network failure. */
export interface UploadError {
  detail?: string;
  fields?: Record<string, string[]>;
  status?: number;
  retryAfter?: number;
}

const THUMBNAIL_TIMEOUT_MS = 3000;
const THUMBNAIL_MAX_SIDE = 640;

/** A JPEG of the video's first frame, or null when the browser cannot decode it quickly. */
export function thumbnail(file: File): Promise<Blob | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let settled = false;
    const finish = (blob: Blob | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve(blob);
    };
    const timer = setTimeout(() => finish(null), THUMBNAIL_TIMEOUT_MS);
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.onerror = () => finish(null);
    video.onloadeddata = () => {
      const scale = Math.min(1, THUMBNAIL_MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      const context = canvas.getContext('2d');
      if (!canvas.width || !canvas.height || !context) return finish(null);
      try {
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        canvas.toBlob(finish, 'image/jpeg', 0.8);
      } catch {
        finish(null);
      }
    };
    video.src = url;
  });
}

/** What a refusal said: its error body, status and Retry-After. */
export function answerOf(xhr: XMLHttpRequest): UploadError {
  let answer: UploadError = {};
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (body && typeof body === 'object') answer = body;
  } catch {
    // Not JSON (a proxy's page): the status alone.
  }
  answer.status = xhr.status;
  answer.retryAfter = Number(xhr.getResponseHeader('Retry-After')) || 0;
  return answer;
}

/** POSTs the form with upload progress; `done` gets null on success, else what the server said. */
export function upload(
  url: string,
  body: FormData,
  progress: (percent: number) => void,
  done: (error: UploadError | null) => void,
): XMLHttpRequest {
  const xhr = new XMLHttpRequest();
  xhr.open('POST', url);
  xhr.upload.onprogress = (event) => {
    if (event.lengthComputable) progress(Math.floor((event.loaded * 100) / event.total));
  };
  xhr.onload = () => done(xhr.status >= 200 && xhr.status < 300 ? null : answerOf(xhr));
  xhr.onerror = () => done({});
  xhr.send(body);
  return xhr;
}
