import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import { BLOCKED_WORD_MAX_LENGTH, BLOCKED_WORDS_MAX, MODERATION_FLAGS } from '../../../shared/moderation-options.js';
import type { TModerationSettings } from '../../../shared/moderation.js';
import { MODERATION_SETTINGS_QUERY_KEY, saveModerationSettings } from '../../api/moderation';
import { FormAlert } from '../form/FormAlert';
import { SubmitButton } from '../form/SubmitButton';
import { apiDetail, apiFieldErrors } from '../form/apiErrors';
import { useToast } from '../toast/ToastProvider';
import { OptionSelect } from '../widgets/OptionSelect';
import { SwitchField } from '../widgets/SwitchField';

const RATINGS = ['1', '2', '3', '4', '5'] as const;
/** The latest save's outcome only. */
const SAVE_TOAST = { kind: 'moderation.save' };

type TDraft = Omit<TModerationSettings, 'blocked_words' | 'min_rating'> & {
  min_rating: (typeof RATINGS)[number];
  /** One word or phrase a line, as typed. */
  blocked_words: string;
};

function draftOf(settings: TModerationSettings): TDraft {
  return {
    ...settings,
    min_rating: String(settings.min_rating) as TDraft['min_rating'],
    blocked_words: settings.blocked_words.join('\n'),
  };
}

const wordsOf = (text: string) =>
  text
    .split('\n')
    .map((word) => word.trim())
    .filter(Boolean);

/**
 * Which reviews publish themselves once publishable (rating, verified buyer, media), and the store's own blocked
 * words; what the content filter looks for is listed, since a flagged review always waits for the merchant.
 */
export function ModerationSettingsForm({ settings, canEdit }: { settings: TModerationSettings; canEdit: boolean }) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TDraft>(() => draftOf(settings));
  const [wordsError, setWordsError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: saveModerationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData<TModerationSettings>(MODERATION_SETTINGS_QUERY_KEY, saved);
      setDraft(draftOf(saved));
      showToast(t('moderation.settings.saved'), 'success', SAVE_TOAST);
    },
    onError: () => showToast(t('moderation.settings.saveError'), 'error', SAVE_TOAST),
  });
  const serverErrors = apiFieldErrors(save.error);
  const serverWordsError = Object.entries(serverErrors).find(([field]) => field.startsWith('blocked_words'))?.[1][0];
  const detail = save.isError && Object.keys(serverErrors).length === 0 ? apiDetail(save.error) : undefined;
  const blockedError = wordsError ?? serverWordsError;

  const change = (patch: Partial<TDraft>) => {
    setWordsError(undefined);
    if (save.isError) save.reset();
    setDraft((current) => ({ ...current, ...patch }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || !canEdit) return;
    const words = wordsOf(draft.blocked_words);
    if (words.length > BLOCKED_WORDS_MAX) {
      setWordsError(t('moderation.settings.errors.tooMany', { max: BLOCKED_WORDS_MAX }));
      return;
    }
    if (words.some((word) => word.length > BLOCKED_WORD_MAX_LENGTH)) {
      setWordsError(t('moderation.settings.errors.tooLong', { max: BLOCKED_WORD_MAX_LENGTH }));
      return;
    }
    save.mutate({ ...draft, min_rating: Number(draft.min_rating), blocked_words: words });
  };

  return (
    <form className="form widget-form moderation-settings" onSubmit={submit} noValidate data-testid="moderation-form">
      <section className="moderation-section">
        <header>
          <h2 className="section-title">{t('moderation.settings.autoTitle')}</h2>
          <p className="section-text">{t('moderation.settings.autoText')}</p>
        </header>
        {detail && <FormAlert severity="error">{detail}</FormAlert>}
        <SwitchField
          name="auto_publish"
          label={t('moderation.settings.autoPublish')}
          description={t('moderation.settings.autoPublishHelp')}
          isSelected={draft.auto_publish}
          onChange={(auto_publish) => change({ auto_publish })}
          isDisabled={!canEdit}
          testId="moderation-auto-publish"
        />
        {draft.auto_publish && (
          <>
            <OptionSelect
              name="min_rating"
              options={RATINGS}
              optionLabel={(option) => t('moderation.settings.ratingOption', { count: Number(option) })}
              value={draft.min_rating}
              onChange={(min_rating) => change({ min_rating })}
              label={t('moderation.settings.minRating')}
              testId="moderation-min-rating"
              errors={serverErrors.min_rating}
              isDisabled={!canEdit}
            />
            <SwitchField
              name="verified_only"
              label={t('moderation.settings.verifiedOnly')}
              isSelected={draft.verified_only}
              onChange={(verified_only) => change({ verified_only })}
              isDisabled={!canEdit}
              testId="moderation-verified-only"
            />
            <SwitchField
              name="media_only"
              label={t('moderation.settings.mediaOnly')}
              isSelected={draft.media_only}
              onChange={(media_only) => change({ media_only })}
              isDisabled={!canEdit}
              testId="moderation-media-only"
            />
          </>
        )}
      </section>
      <section className="moderation-section">
        <header>
          <h2 className="section-title">{t('moderation.settings.filterTitle')}</h2>
          <p className="section-text">{t('moderation.settings.filterText')}</p>
        </header>
        <ul className="moderation-filter-list">
          {MODERATION_FLAGS.map((flag) => (
            <li key={flag}>{t(`moderation.flags.${flag}`)}</li>
          ))}
        </ul>
        <div className="field">
          <label className="field-label" htmlFor="blocked-words">
            {t('moderation.settings.blockedWords')}
          </label>
          <textarea
            id="blocked-words"
            name="blocked_words"
            className="input textarea"
            data-testid="moderation-blocked-words"
            rows={5}
            value={draft.blocked_words}
            readOnly={!canEdit}
            aria-invalid={blockedError ? true : undefined}
            aria-describedby={blockedError ? 'blocked-words-help blocked-words-error' : 'blocked-words-help'}
            onChange={(event) => change({ blocked_words: event.target.value })}
          />
          <span id="blocked-words-help" className="field-description">
            {t('moderation.settings.blockedWordsHelp', { max: BLOCKED_WORDS_MAX })}
          </span>
          {blockedError && (
            <span id="blocked-words-error" className="field-error" role="alert">
              {blockedError}
            </span>
          )}
        </div>
      </section>
      {canEdit && (
        <div className="widget-form-actions">
          <SubmitButton isPending={save.isPending}>{t('moderation.settings.save')}</SubmitButton>
        </div>
      )}
    </form>
  );
}
