import { PHOTO_WIDTHS } from './photo.js';

// A processed file's key is its original's with a suffix (`reviews/<uuid>.mov` → `reviews/<uuid>-video.mp4`), so a
// second run of the same job writes the same keys. A review names its video, poster and largest WebP photo; the
// photo's other sizes and its JPEG are that photo's variants, found from its key alone.

const LARGEST = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
const stemOf = (original: string) => original.replace(/\.[a-z0-9]+$/i, '');

export const processedKeys = (original: string) => {
  const stem = stemOf(original);
  return {
    video: `${stem}-video.mp4`,
    poster: `${stem}-poster.jpg`,
    photo: (width: number, format: 'webp' | 'jpg' = 'webp') => `${stem}-${width}.${format}`,
  };
};

const PHOTO = new RegExp(`^(.+)-${LARGEST}\\.webp$`);
const VARIANT = new RegExp(`^(.+)-(?:(\\d+)\\.webp|${LARGEST}\\.jpg)$`);

/** A processed photo's key and its variants' (every other width, the JPEG); any other key alone. */
export function withVariants(key: string): string[] {
  const stem = PHOTO.exec(key)?.[1];
  if (!stem) return [key];
  const { photo } = processedKeys(stem);
  return [
    key,
    ...PHOTO_WIDTHS.filter((width) => width !== LARGEST).map((width) => photo(width)),
    photo(LARGEST, 'jpg'),
  ];
}

/** The key a review names for this one: a photo variant's main photo, any other key itself. */
export function ownerKey(key: string): string {
  const match = VARIANT.exec(key);
  if (!match || (match[2] && !PHOTO_WIDTHS.includes(Number(match[2]) as (typeof PHOTO_WIDTHS)[number]))) return key;
  return `${match[1]}-${LARGEST}.webp`;
}

/** `srcset` of a processed photo: every width's WebP; null for a key that is not one. */
export function photoSrcset(key: string, urlOf: (key: string) => string): string | null {
  const stem = PHOTO.exec(key)?.[1];
  if (!stem) return null;
  return PHOTO_WIDTHS.map((width) => `${urlOf(processedKeys(stem).photo(width))} ${width}w`).join(', ');
}
