export type TMediaKind = 'image' | 'video';

export interface SniffedType {
  mime: string;
  ext: string;
  kind: TMediaKind;
}

/** How many leading bytes `sniffFileType` needs to see. */
export const SNIFF_BYTES = 64;

const IMAGE_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);

function startsWith(head: Buffer, bytes: number[], offset = 0): boolean {
  return head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);
}

function ascii(head: Buffer, offset: number, length: number): string {
  return head.subarray(offset, offset + length).toString('latin1');
}

/** Identifies an upload by its magic bytes, never by its name or the type the client claims. */
export function sniffFileType(head: Buffer): SniffedType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg', kind: 'image' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mime: 'image/png', ext: 'png', kind: 'image' };
  }
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') {
    return { mime: 'image/gif', ext: 'gif', kind: 'image' };
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') {
    return { mime: 'image/webp', ext: 'webp', kind: 'image' };
  }
  // ISO base media (MP4, QuickTime) opens with an `ftyp` box; HEIF/AVIF images and M4A audio share it.
  if (head.length >= 12 && ascii(head, 4, 4) === 'ftyp') {
    const brand = ascii(head, 8, 4);
    if (brand === 'qt  ') return { mime: 'video/quicktime', ext: 'mov', kind: 'video' };
    if (IMAGE_BRANDS.has(brand) || AUDIO_BRANDS.has(brand)) return null;
    return { mime: 'video/mp4', ext: 'mp4', kind: 'video' };
  }
  // EBML header: the DocType tells WebM from other Matroska files (Chrome's MediaRecorder writes both).
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    return ascii(head, 4, SNIFF_BYTES).includes('webm')
      ? { mime: 'video/webm', ext: 'webm', kind: 'video' }
      : { mime: 'video/x-matroska', ext: 'mkv', kind: 'video' };
  }
  return null;
}
