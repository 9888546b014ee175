import { REVIEW_IMPORT_FORMAT_LABELS } from '../../shared/review-imports.js';
import { ApiError } from '../common/api-error.js';
import { judgeme } from './formats/judgeme.js';
import { loox } from './formats/loox.js';
import { okendo } from './formats/okendo.js';
import { ours } from './formats/ours.js';
import { stamped } from './formats/stamped.js';
import { yotpo } from './formats/yotpo.js';
import { headerKey, type ImportFormat } from './review-import-format.js';

/** The formats an import file may be in; a new app is one file under formats/ and one entry here. */
export const IMPORT_FORMATS: readonly ImportFormat[] = [ours, judgeme, loox, yotpo, okendo, stamped];

const ACCEPTED = IMPORT_FORMATS.map((format) => REVIEW_IMPORT_FORMAT_LABELS[format.id]).join(', ');

/**
 * The format whose signature columns the header row holds (names compared without case, spaces or underscores).
 * When several match, the one that knows more of the header's columns wins; a tie, or none, is a 400 naming the
 * accepted formats.
 */
export function detectFormat(headerRow: readonly string[]): ImportFormat {
  const header = new Set(headerRow.map(headerKey));
  const matches = IMPORT_FORMATS.filter((format) => format.signature.every((name) => header.has(headerKey(name))))
    .map((format) => ({ format, known: format.columns.filter((name) => header.has(headerKey(name))).length }))
    .sort((a, b) => b.known - a.known);
  if (matches.length === 0) {
    throw new ApiError(400, {
      detail: `The file's first row is not the header of a review export we recognise. Accepted formats: ${ACCEPTED}.`,
      code: 'unknown_import_format',
      accepted_formats: IMPORT_FORMATS.map((format) => format.id),
    });
  }
  if (matches.length > 1 && matches[0].known === matches[1].known) {
    const names = matches.filter((match) => match.known === matches[0].known);
    throw new ApiError(400, {
      detail: `The file's header fits ${names.map((match) => REVIEW_IMPORT_FORMAT_LABELS[match.format.id]).join(' and ')} alike. Accepted formats: ${ACCEPTED}.`,
      code: 'ambiguous_import_format',
      accepted_formats: IMPORT_FORMATS.map((format) => format.id),
    });
  }
  return matches[0].format;
}
