import { MediaProcessingError, runTool } from './run-tool.js';
import { MAX_FPS, videoRefusal, type VideoLimits } from './video-limits.js';

export interface VideoSettings extends VideoLimits {
  ffmpeg: string;
  ffprobe: string;
  /** The short side of the output at most (720: "720p" for landscape and portrait alike). */
  maxHeight: number;
  /** Peak video bitrate. */
  videoKbps: number;
  /** Every ffmpeg or ffprobe run ends within this or is killed. */
  timeoutMs: number;
  /** Kills the run when aborted. */
  signal?: AbortSignal;
}

/** What a video shows, as displayed (a phone's rotation applied). */
export interface ProbedVideo {
  durationMs: number | null;
  width: number;
  height: number;
  hasAudio: boolean;
}

interface ProbeOutput {
  streams?: {
    codec_type?: string;
    width?: number;
    height?: number;
    duration?: string;
    /** Counted by reading every packet (`-count_packets`): what the file holds, whatever its header says. */
    nb_read_packets?: string;
    disposition?: { attached_pic?: number };
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
  format?: { duration?: string };
}

/**
 * What the video shows, refused (a `MediaProcessingError`) when no review needs it: see `videoRefusal`. Reading the
 * packets to count them costs one pass over the file without decoding it.
 */
export async function probeVideo(file: string, settings: VideoSettings): Promise<ProbedVideo> {
  const output = await runTool(
    settings.ffprobe,
    ['-v', 'error', '-count_packets', '-print_format', 'json', '-show_format', '-show_streams', file],
    settings.timeoutMs,
    settings.signal,
  );
  const probed = JSON.parse(output) as ProbeOutput;
  // A cover picture (an MP4's artwork) is a "video" stream of one frame, not a second video.
  const videos = probed.streams?.filter((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
  const video = videos?.find((stream) => stream.width && stream.height);
  if (!videos || !video?.width || !video.height) {
    throw new MediaProcessingError('no_video', 'The file holds no video picture.');
  }
  const rotation = Number(
    video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
  );
  const quarterTurn = Math.abs(rotation) % 180 === 90;
  const seconds = [probed.format?.duration, video.duration]
    .map(Number)
    .filter((value) => Number.isFinite(value) && value > 0);
  const frames = Number(video.nb_read_packets);
  const shape = {
    durationMs: seconds.length ? Math.round(Math.max(...seconds) * 1000) : null,
    width: quarterTurn ? video.height : video.width,
    height: quarterTurn ? video.width : video.height,
    videoStreams: videos.length,
    frames: video.nb_read_packets !== undefined && Number.isFinite(frames) ? frames : null,
  };
  const refusal = videoRefusal(shape, settings);
  if (refusal) throw refusal;
  return {
    durationMs: shape.durationMs,
    width: shape.width,
    height: shape.height,
    hasAudio: !!probed.streams?.some((stream) => stream.codec_type === 'audio'),
  };
}

/**
 * Input options that bound what ffmpeg decodes by what a review's video may be, whatever the container claims: no
 * picture larger than the frame limit allows (`-max_pixels`, checked by the decoder), nothing past the duration limit.
 */
const boundedInput = (input: string, settings: VideoSettings) => [
  ...['-max_pixels', String(settings.maxFramePx * settings.maxFramePx)],
  ...['-t', String(settings.maxDurationS), '-i', input],
];

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/** The output size: the short side brought down to `maxHeight` (never up), both sides even as H.264 wants. */
export function outputSize(probed: Pick<ProbedVideo, 'width' | 'height'>, maxHeight: number) {
  const scale = Math.min(1, maxHeight / Math.min(probed.width, probed.height));
  return { width: even(probed.width * scale), height: even(probed.height * scale) };
}

/**
 * H.264/AAC MP4 that every browser plays, starting before it has fully downloaded (`+faststart`), with nothing of
 * the phone's metadata: no GPS position, no device, no creation time, no chapters, no subtitle or data tracks.
 */
export async function transcodeVideo(
  input: string,
  output: string,
  probed: ProbedVideo,
  settings: VideoSettings,
): Promise<{ width: number; height: number }> {
  const size = outputSize(probed, settings.maxHeight);
  const audio = probed.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : ['-an'];
  await runTool(
    settings.ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y', ...boundedInput(input, settings)],
      ...['-map', '0:v:0', ...audio, '-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn'],
      // Frames crowded into little time pass `-t`: never more out than the longest video holds at the fastest rate.
      ...['-frames:v', String(MAX_FPS * settings.maxDurationS)],
      ...['-vf', `scale=${size.width}:${size.height}:flags=bicubic,format=yuv420p`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high'],
      ...['-maxrate', `${settings.videoKbps}k`, '-bufsize', `${settings.videoKbps * 2}k`],
      ...['-movflags', '+faststart', '-f', 'mp4', output],
    ],
    settings.timeoutMs,
    settings.signal,
  );
  return size;
}

/**
 * A JPEG poster at the output's size: the most representative of the first frames after the opening instant (the
 * `thumbnail` filter passes over fades from black), so no tile is black.
 */
export async function extractPoster(
  input: string,
  output: string,
  probed: ProbedVideo,
  settings: VideoSettings,
): Promise<void> {
  const size = outputSize(probed, settings.maxHeight);
  const seek = Math.min(1, (probed.durationMs ?? 0) / 3000);
  const args = (from: number) => [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-ss', from.toFixed(3), ...boundedInput(input, settings)],
    ...['-map_metadata', '-1', '-vf', `thumbnail=24,scale=${size.width}:${size.height}`, '-frames:v', '1'],
    ...['-q:v', '3', '-f', 'image2', output],
  ];
  await runTool(settings.ffmpeg, args(seek), settings.timeoutMs, settings.signal);
}
