import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useT } from '../../i18n/useT';
import { PROFILE_PHOTO_MAX_BYTES } from '../../../shared/constants.js';
import type { TSessionUser } from '../../../shared/session.js';
import { ApiError } from '../../api/client';
import { setProfile } from '../../api/profile';
import { uploadProfilePhoto } from '../../api/uploadProfilePhoto';
import { initialsOf } from '../../lib/initials';
import { apiDetail } from '../form/apiErrors';
import { useToast } from '../toast/ToastProvider';

const MAX_MEGABYTES = PROFILE_PHOTO_MAX_BYTES / (1024 * 1024);

/** The profile photo: picking an image uploads it at once, previewed with a progress bar meanwhile. */
export function ProfilePhoto({ user }: { user: TSessionUser }) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const upload = useMutation({
    mutationFn: (file: File) => uploadProfilePhoto(file, setProgress),
    onMutate: () => setProgress(0),
    onSuccess: (updated) => {
      setProfile(queryClient, updated);
      showToast(t('settingsPages.photo.updated'), 'success');
    },
    onError: (error) => showToast(uploadErrorMessage(error), 'error'),
    onSettled: () => setPreview(null),
  });

  function uploadErrorMessage(error: unknown): string {
    if (error instanceof ApiError && error.status === 413)
      return t('settingsPages.photo.tooLarge', { max: MAX_MEGABYTES });
    if (error instanceof ApiError && error.status === 415) return t('settingsPages.photo.unsupported');
    return apiDetail(error) ?? t('settingsPages.photo.error');
  }

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      showToast(t('settingsPages.photo.notImage'), 'error');
      return;
    }
    if (file.size > PROFILE_PHOTO_MAX_BYTES) {
      showToast(t('settingsPages.photo.tooLarge', { max: MAX_MEGABYTES }), 'error');
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file);
  };

  const src = preview ?? user.profile_photo;
  const percent = Math.round(progress * 100);

  return (
    <div className="photo-panel">
      <span className="photo-frame" data-uploading={upload.isPending || undefined}>
        {src ? (
          <img className="photo-image" data-testid="profile-photo" src={src} alt={t('settingsPages.photo.alt')} />
        ) : (
          <span className="photo-initials" aria-hidden="true">
            {initialsOf(user)}
          </span>
        )}
      </span>
      <div className="photo-controls">
        <input
          id={inputId}
          className="visually-hidden photo-input"
          type="file"
          accept="image/*"
          data-testid="profile-photo-input"
          disabled={upload.isPending}
          onChange={onChange}
        />
        <label className="button button-secondary" htmlFor={inputId}>
          {src ? t('settingsPages.photo.change') : t('settingsPages.photo.upload')}
        </label>
        <p className="field-description">{t('settingsPages.photo.hint', { max: MAX_MEGABYTES })}</p>
        {upload.isPending && (
          <div className="upload-progress">
            <progress
              max={100}
              value={percent}
              data-testid="profile-photo-progress"
              aria-label={t('settingsPages.photo.uploading')}
            />
            <span className="upload-progress-text">{t('settingsPages.photo.progress', { percent })}</span>
          </div>
        )}
      </div>
    </div>
  );
}
