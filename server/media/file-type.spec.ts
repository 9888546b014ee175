import { sniffFileType } from './file-type.js';

const bytes = (...parts: Array<number[] | string>): Buffer =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

// EBML header of a recording: the DocType element (0x4282) names webm or matroska.
const ebml = (docType: string) =>
  bytes(
    [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | docType.length],
    docType,
    [0x42, 0x87],
  );

describe('sniffFileType', () => {
  it.each([
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF'), 'image/jpeg', 'jpg', 'image'],
    ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1, 0x2f, 0xfe], 'Exif'), 'image/jpeg', 'jpg', 'image'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'), 'image/png', 'png', 'image'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif', 'gif', 'image'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif', 'gif', 'image'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp', 'webp', 'image'],
    ['MP4 (isom)', bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0], 'isomiso2avc1mp41'), 'video/mp4', 'mp4', 'video'],
    ['MP4 (mp42)', bytes([0, 0, 0, 0x18], 'ftypmp42', [0, 0, 0, 0], 'mp42isom'), 'video/mp4', 'mp4', 'video'],
    [
      'MP4 (Safari MediaRecorder, iso5)',
      bytes([0, 0, 0, 0x1c], 'ftypiso5', [0, 0, 2, 0], 'iso5iso6mp41'),
      'video/mp4',
      'mp4',
      'video',
    ],
    ['QuickTime', bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 2, 0], 'qt  '), 'video/quicktime', 'mov', 'video'],
    ['WebM', ebml('webm'), 'video/webm', 'webm', 'video'],
    ['Matroska', ebml('matroska'), 'video/x-matroska', 'mkv', 'video'],
  ])('recognises %s', (_name, head, mime, ext, kind) => {
    expect(sniffFileType(head)).toEqual({ mime, ext, kind });
  });

  it.each([
    ['an empty file', bytes()],
    ['plain text', bytes('hello, world')],
    ['SVG (scriptable, never accepted)', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['HTML', bytes('<!doctype html><html>')],
    ['PDF', bytes('%PDF-1.7')],
    ['a WAV file (RIFF but not WEBP)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['HEIC (ftyp, image brand)', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic')],
    ['AVIF (ftyp, image brand)', bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf')],
    ['M4A audio (ftyp, audio brand)', bytes([0, 0, 0, 0x1c], 'ftypM4A ', [0, 0, 0, 0], 'M4A mp42isom')],
    ['a PNG cut short', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['a JPEG signature not at the start', bytes('x', [0xff, 0xd8, 0xff, 0xe0])],
  ])('rejects %s', (_name, head) => {
    expect(sniffFileType(head)).toBeNull();
  });
});
