const TYPES = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];

export interface Recording {
  /** Ends the recording; `onFile` receives it. */
  stop(): void;
  /** Ends it and drops what was recorded. */
  cancel(): void;
}

export function canRecord(): boolean {
  return !!(navigator.mediaDevices && 'getUserMedia' in navigator.mediaDevices && window.MediaRecorder);
}

function camera(audio: boolean): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({ video: true, audio });
}

/** Records the camera (with sound when allowed) while `preview` shows it live; rejects when there is no camera. */
export async function record(preview: HTMLVideoElement, onFile: (file: File) => void): Promise<Recording> {
  const stream = await camera(true).catch(() => camera(false));
  preview.muted = true;
  preview.srcObject = stream;
  preview.play().catch(() => undefined);
  const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported(type));
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  let keep = true;
  recorder.ondataavailable = (event) => {
    if (event.data.size) chunks.push(event.data);
  };
  recorder.onstop = () => {
    for (const track of stream.getTracks()) track.stop();
    preview.srcObject = null;
    if (!keep || !chunks.length) return;
    // Safari records MP4 only.
    const mp4 = recorder.mimeType.includes('mp4');
    onFile(new File(chunks, mp4 ? 'review.mp4' : 'review.webm', { type: mp4 ? 'video/mp4' : 'video/webm' }));
  };
  recorder.start(1000);
  const stop = () => {
    if (recorder.state !== 'inactive') recorder.stop();
  };
  return {
    stop,
    cancel: () => {
      keep = false;
      stop();
    },
  };
}
