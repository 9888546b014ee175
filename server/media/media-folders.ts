/** Review videos, photos and thumbnails: served publicly only while their review is published. */
export const REVIEW_MEDIA_FOLDER = 'reviews';
/** Dashboard users' photos: served by their unguessable key, never listed anywhere public. */
export const PROFILE_PHOTO_FOLDER = 'profile-photos';

/** Every folder uploads are stored under: what the leftover sweep walks. */
export const UPLOAD_FOLDERS = [REVIEW_MEDIA_FOLDER, PROFILE_PHOTO_FOLDER] as const;
/** Review files uploaded to be imported (server/review-imports): kept until their import ends, never served. */
export const REVIEW_IMPORT_FOLDER = 'imports';
