import { MediaProcessingError } from './run-tool.js';

/**
 * The fastest real video a shopper sends: a phone's slow motion. More frames per second than this is a file made to
 * keep a worker busy, not a recording.
 */
export const MAX_FPS = 240;

export interface VideoLimits {
  maxDurationS: number;
  /** The picture's long side at most. */
  maxFramePx: number;
}

/** What the probe read of a file that the limits judge. */
export interface VideoShape {
  /** The longest duration any part of the file claims (container or video track); null when none says. */
  durationMs: number | null;
  width: number;
  height: number;
  /** Video tracks, cover pictures aside. */
  videoStreams: number;
  /** Frames of the video track, counted by reading the file (not what its header claims); null when unknown. */
  frames: number | null;
}

/** Rounded up: a video over the limit never reads as lasting the limit. */
const span = (seconds: number) => {
  const rounded = Math.ceil(seconds);
  if (rounded < 60) return `${rounded} s`;
  const rest = rounded % 60;
  return `${Math.floor(rounded / 60)} min${rest ? ` ${rest} s` : ''}`;
};

/**
 * Why no review needs this video, or null when it is within the limits. Checked before any transcoding, so a file
 * that only looks small (20 minutes of 4K at a few kbit/s is 3.5 MB) is refused in the time of a probe instead of
 * holding a worker until its timeout.
 */
export function videoRefusal(video: VideoShape, limits: VideoLimits): MediaProcessingError | null {
  if (video.videoStreams > 1) {
    return new MediaProcessingError(
      'several_videos',
      `The file holds ${video.videoStreams} video tracks; a review's video must hold one.`,
    );
  }
  if (Math.max(video.width, video.height) > limits.maxFramePx) {
    return new MediaProcessingError(
      'too_large',
      `The video's picture is ${video.width}×${video.height}; a review's video may be at most ${limits.maxFramePx} px on its long side.`,
    );
  }
  const seconds = video.durationMs === null ? null : video.durationMs / 1000;
  if (seconds !== null && seconds > limits.maxDurationS) {
    return new MediaProcessingError(
      'too_long',
      `The video lasts ${span(seconds)}; a review's video may last up to ${span(limits.maxDurationS)}.`,
    );
  }
  // A second of slack: a clip shorter than a second still has its frames.
  const possible = MAX_FPS * ((seconds ?? limits.maxDurationS) + 1);
  if (video.frames !== null && video.frames > possible) {
    return new MediaProcessingError(
      'too_many_frames',
      seconds === null
        ? `The file holds ${video.frames} frames, more than a video of ${span(limits.maxDurationS)} can.`
        : `The file holds ${video.frames} frames in ${span(seconds)}, more than a real video can.`,
    );
  }
  return null;
}
