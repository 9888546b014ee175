import { MAX_FPS, videoRefusal, type VideoShape } from './video-limits.js';

const limits = { maxDurationS: 180, maxFramePx: 4096 };
const phone: VideoShape = { durationMs: 30_000, width: 1080, height: 1920, videoStreams: 1, frames: 900 };

/** Each shape as the reason it is refused for, or `ok`. */
const judge = (changes: Partial<VideoShape>) => videoRefusal({ ...phone, ...changes }, limits)?.reason ?? 'ok';

describe('video limits', () => {
  it('judges each kind of file', () => {
    expect({
      'a 30 s phone clip': judge({}),
      '4K, 3 min': judge({ width: 3840, height: 2160, durationMs: 180_000, frames: 5400 }),
      'a 240 fps slow motion': judge({ durationMs: 10_000, frames: 2400 }),
      'a clip of a fifth of a second': judge({ durationMs: 200, frames: 6 }),
      'no duration said, frames of 3 min': judge({ durationMs: null, frames: 5400 }),
      'no frame count': judge({ frames: null }),
      '20 min of 4K (3.5 MB)': judge({ width: 3840, height: 2160, durationMs: 1_200_000, frames: 36_000 }),
      '3 min and a bit': judge({ durationMs: 180_500, frames: 5415 }),
      '8K': judge({ width: 7680, height: 4320 }),
      '4096 px square': judge({ width: 4096, height: 4096 }),
      'two video tracks': judge({ videoStreams: 2 }),
      '1,000 fps for 2 s': judge({ durationMs: 2000, frames: 2000 }),
      'a million frames in 1 s': judge({ durationMs: 1000, frames: 1_000_000 }),
      'no duration said, too many frames for 3 min': judge({ durationMs: null, frames: MAX_FPS * 181 + 1 }),
    }).toEqual({
      'a 30 s phone clip': 'ok',
      '4K, 3 min': 'ok',
      'a 240 fps slow motion': 'ok',
      'a clip of a fifth of a second': 'ok',
      'no duration said, frames of 3 min': 'ok',
      'no frame count': 'ok',
      '20 min of 4K (3.5 MB)': 'too_long',
      '3 min and a bit': 'too_long',
      '8K': 'too_large',
      '4096 px square': 'ok',
      'two video tracks': 'several_videos',
      '1,000 fps for 2 s': 'too_many_frames',
      'a million frames in 1 s': 'too_many_frames',
      'no duration said, too many frames for 3 min': 'too_many_frames',
    });
  });

  it('says why in words a merchant reads', () => {
    const message = (changes: Partial<VideoShape>) => videoRefusal({ ...phone, ...changes }, limits)?.message;
    expect(message({ durationMs: 1_200_000 })).toBe("The video lasts 20 min; a review's video may last up to 3 min.");
    expect(message({ durationMs: 180_400 })).toBe("The video lasts 3 min 1 s; a review's video may last up to 3 min.");
    expect(message({ width: 7680, height: 4320 })).toBe(
      "The video's picture is 7680×4320; a review's video may be at most 4096 px on its long side.",
    );
    expect(message({ videoStreams: 3 })).toBe("The file holds 3 video tracks; a review's video must hold one.");
    expect(message({ durationMs: 2000, frames: 2000 })).toBe(
      'The file holds 2000 frames in 2 s, more than a real video can.',
    );
  });
});
