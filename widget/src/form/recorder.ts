const TYPES = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];

export interface Recording {
  /** Ends the recording; `done` receives it. */
  stop(): void;
  /** Ends it and drops what was recorded. */
  cancel(): void;
}

export interface RecordingEvents {
  /** Each second: the whole seconds left before the recording stops on its own. */
  tick(left: number): void;
  /** The recording ended (null: cancelled, or nothing recorded); `atLimit` when it ran out of time. */
  done(file: File | null, atLimit: boolean): void;
}

export function canRecord(): boolean {
  return !!(navigator.mediaDevices && 'getUserMedia' in navigator.mediaDevices && window.MediaRecorder);
}

function camera(audio: boolean): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({ video: true, audio });
}

/**
 * Records the camera (with sound when allowed) while `preview` shows it live, for at most `seconds`; rejects when
 * there is no camera.
 */
export async function record(preview: HTMLVideoElement, seconds: number, events: RecordingEvents): Promise<Recording> {
  const stream = await camera(true).catch(() => camera(false));
  preview.muted = true;
  preview.srcObject = stream;
  preview.play().catch(() => undefined);
  const mimeType = TYPES.find((type) => MediaRecorder.isTypeSupported(type));
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  let keep = true;
  let atLimit = false;
  const started = Date.now();
  // Counted from the clock, not by ticks: a late tick (a busy page) does not add its delay to every later one.
  const timer = setInterval(() => {
    const left = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
    events.tick(left);
    if (!left) {
      atLimit = true;
      stop();
    }
  }, 1000);
  recorder.ondataavailable = (event) => {
    if (event.data.size) chunks.push(event.data);
  };
  recorder.onstop = () => {
    clearInterval(timer);
    for (const track of stream.getTracks()) track.stop();
    preview.srcObject = null;
    if (!keep || !chunks.length) return events.done(null, false);
    // Safari records MP4 only.
    const mp4 = recorder.mimeType.includes('mp4');
    const file = new File(chunks, mp4 ? 'review.mp4' : 'review.webm', { type: mp4 ? 'video/mp4' : 'video/webm' });
    events.done(file, atLimit);
  };
  recorder.start(1000);
  events.tick(seconds);
  function stop() {
    clearInterval(timer);
    if (recorder.state !== 'inactive') recorder.stop();
  }
  return {
    stop,
    cancel: () => {
      keep = false;
      stop();
    },
  };
}
