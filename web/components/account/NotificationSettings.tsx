import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import type {
  TNewReviewNotice,
  TNotificationPreferences,
  TNotificationPreferencesBody,
} from '../../../shared/notifications.js';
import {
  NOTIFICATION_PREFERENCES_QUERY_KEY,
  saveNotificationPreferences,
  useNotificationPreferences,
} from '../../api/notifications';
import { ActionButton } from '../ActionButton';
import { FormAlert } from '../form/FormAlert';
import { apiDetail } from '../form/apiErrors';
import { useToast } from '../toast/ToastProvider';
import { SwitchField } from '../widgets/SwitchField';

// Not imported from shared/notifications.ts: its values would bring zod into the page's JavaScript.
const CHOICES: readonly TNewReviewNotice[] = ['instant', 'digest', 'none'];
const SAVE_TOAST = { kind: 'notifications.save' };

/** The member's own mails about new reviews of the current store: at once, a daily digest, or none. */
export function NotificationSettings() {
  const t = useT();
  const preferences = useNotificationPreferences();

  useEffect(() => {
    if (preferences.isError) console.warn('Could not load the notification preferences', preferences.error);
  }, [preferences.isError, preferences.error]);

  if (preferences.isError) {
    return (
      <FormAlert severity="error" testId="notifications-load-error">
        {t('settingsPages.notifications.loadError')}
      </FormAlert>
    );
  }
  if (!preferences.data) return <p className="section-text">{t('settingsPages.notifications.loading')}</p>;
  return <NotificationForm saved={preferences.data} />;
}

function NotificationForm({ saved }: { saved: TNotificationPreferences }) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TNotificationPreferencesBody>({
    new_reviews: saved.new_reviews,
    low_rating_instant: saved.low_rating_instant,
  });
  const save = useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (answer) => {
      queryClient.setQueryData<TNotificationPreferences>(NOTIFICATION_PREFERENCES_QUERY_KEY, answer);
      showToast(t('settingsPages.notifications.saved'), 'success', SAVE_TOAST);
    },
    onError: () => showToast(t('settingsPages.notifications.saveError'), 'error', SAVE_TOAST),
  });
  const detail = save.isError ? apiDetail(save.error) : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!save.isPending) save.mutate(draft);
  };

  return (
    <form className="form" data-testid="notifications-form" noValidate aria-busy={save.isPending} onSubmit={submit}>
      {detail && <FormAlert severity="error">{detail}</FormAlert>}
      {/* Native radios: react-aria's RadioGroup brought 17 kB of its core to this page's first load. */}
      <fieldset className="radio-group" data-testid="notifications-new-reviews" disabled={save.isPending}>
        <legend className="field-label">{t('settingsPages.notifications.newReviews')}</legend>
        {CHOICES.map((choice) => (
          <label key={choice} className="radio native-radio" data-testid={`notifications-${choice}`}>
            <input
              type="radio"
              className="visually-hidden"
              name="new_reviews"
              value={choice}
              checked={draft.new_reviews === choice}
              onChange={() => setDraft((current) => ({ ...current, new_reviews: choice }))}
            />
            {t(`settingsPages.notifications.choices.${choice}`, { time: saved.digest_time, zone: saved.time_zone })}
          </label>
        ))}
      </fieldset>
      <SwitchField
        name="low_rating_instant"
        label={t('settingsPages.notifications.lowRating')}
        description={t('settingsPages.notifications.lowRatingHelp')}
        isSelected={draft.low_rating_instant}
        onChange={(low_rating_instant) => setDraft((current) => ({ ...current, low_rating_instant }))}
        isDisabled={save.isPending}
        testId="notifications-low-rating"
      />
      <div className="section-actions">
        <ActionButton type="submit" testId="notifications-save" isPending={save.isPending}>
          {t('common.save')}
        </ActionButton>
      </div>
    </form>
  );
}
