import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import {
  REQUEST_LOCALES,
  REQUEST_TEMPLATE_PLACEHOLDERS,
  type TRequestLocale,
} from '../../../shared/review-request-options.js';
import type { TRequestTemplate, TReviewRequestSettings } from '../../../shared/review-requests.js';
import { previewRequestMail, sendTestMail } from '../../api/reviewRequests';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { ActionButton } from '../ActionButton';
import { SegmentedControl } from '../SegmentedControl';
import { FormAlert } from '../form/FormAlert';
import { apiDetail } from '../form/apiErrors';
import { useToast } from '../toast/ToastProvider';
import { useSaveRequestSettings } from './useSaveRequestSettings';

const EMPTY: TRequestTemplate = { subject: '', heading: '', body: '' };
const FIELDS = ['subject', 'heading', 'body'] as const;
/** The preview waits for a pause in the typing. */
const PREVIEW_DEBOUNCE_MS = 400;
const WIDTHS = ['phone', 'desktop'] as const;
type TWidth = (typeof WIDTHS)[number];

type TDrafts = Record<TRequestLocale, TRequestTemplate>;

/** Filled: the merchant's text; empty: the built-in one; anything between cannot be sent yet. */
function templateOf(draft: TRequestTemplate): TRequestTemplate | undefined | null {
  const filled = FIELDS.filter((field) => draft[field].trim() !== '');
  if (filled.length === FIELDS.length) return draft;
  return filled.length === 0 ? undefined : null;
}

/**
 * The mail per language (subject, heading, message with placeholders), its live preview at a phone's and a
 * desktop's width (the server's rendering in a sandboxed frame: no scripts), a test mail to the signed-in user.
 */
export function TemplatePanel({ settings, canEdit }: { settings: TReviewRequestSettings; canEdit: boolean }) {
  const t = useT();
  const { showToast } = useToast();
  const save = useSaveRequestSettings();
  const [locale, setLocale] = useState<TRequestLocale>('en');
  const [drafts, setDrafts] = useState<TDrafts>(() => ({
    en: settings.templates.en ?? EMPTY,
    es: settings.templates.es ?? EMPTY,
    pt: settings.templates.pt ?? EMPTY,
  }));
  const [incomplete, setIncomplete] = useState(false);
  const draft = drafts[locale];
  const template = templateOf(draft);

  const change = (patch: Partial<TRequestTemplate>) => {
    setIncomplete(false);
    setDrafts((current) => ({ ...current, [locale]: { ...current[locale], ...patch } }));
  };

  const asked = useDebouncedValue({ locale, template }, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: ['review-requests', 'preview', asked.locale, asked.template ?? null],
    queryFn: ({ signal }) =>
      previewRequestMail({ locale: asked.locale, template: asked.template ?? undefined }, signal),
    // Half-typed text has nothing to show yet: the last preview stays.
    enabled: asked.template !== null,
    placeholderData: keepPreviousData,
  });

  const test = useMutation({
    mutationFn: () => sendTestMail({ locale, template: template ?? undefined }),
    onSuccess: ({ sent_to }) => showToast(t('requests.toasts.testSent', { email: sent_to }), 'success'),
    onError: (error) => showToast(apiDetail(error) ?? t('requests.toasts.testError'), 'error'),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || !canEdit) return;
    const templates: Partial<TDrafts> = {};
    for (const language of REQUEST_LOCALES) {
      const chosen = templateOf(drafts[language]);
      if (chosen === null) {
        setLocale(language);
        setIncomplete(true);
        return;
      }
      if (chosen) templates[language] = chosen;
    }
    save.mutate({ templates });
  };

  const [width, setWidth] = useState<TWidth>('phone');

  return (
    <div className="request-template" data-preview={width}>
      <form className="form widget-form" onSubmit={submit} noValidate data-testid="template-form">
        <header>
          <h2 className="section-title">{t('requests.template.title')}</h2>
          <p className="section-text">{t('requests.template.description')}</p>
        </header>
        <SegmentedControl
          label={t('requests.template.languages')}
          testId="template-language"
          value={locale}
          onChange={setLocale}
          options={REQUEST_LOCALES.map((language) => ({ value: language, content: t(`languages.${language}`) }))}
        />
        {(incomplete || template === null) && (
          <FormAlert severity={incomplete ? 'error' : 'info'} testId="template-incomplete">
            {t('requests.template.required')}
          </FormAlert>
        )}
        {save.isError && (
          <FormAlert severity="error">{apiDetail(save.error) ?? t('requests.toasts.saveError')}</FormAlert>
        )}
        <div className="field">
          <label className="field-label" htmlFor="template-subject">
            {t('requests.template.subject')}
          </label>
          <input
            id="template-subject"
            className="input"
            data-testid="template-subject"
            lang={locale}
            value={draft.subject}
            placeholder={template === undefined ? preview.data?.subject : undefined}
            maxLength={200}
            readOnly={!canEdit}
            onChange={(event) => change({ subject: event.target.value })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="template-heading">
            {t('requests.template.heading')}
          </label>
          <input
            id="template-heading"
            className="input"
            data-testid="template-heading"
            lang={locale}
            value={draft.heading}
            maxLength={200}
            readOnly={!canEdit}
            onChange={(event) => change({ heading: event.target.value })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="template-body">
            {t('requests.template.body')}
          </label>
          <textarea
            id="template-body"
            className="input textarea"
            data-testid="template-body"
            lang={locale}
            rows={6}
            value={draft.body}
            maxLength={2000}
            readOnly={!canEdit}
            aria-describedby="template-placeholders"
            onChange={(event) => change({ body: event.target.value })}
          />
          <span id="template-placeholders" className="field-description">
            {t('requests.template.placeholders', { list: REQUEST_TEMPLATE_PLACEHOLDERS.join(', ') })}
          </span>
        </div>
        <div className="widget-form-actions">
          {canEdit && template !== undefined && (
            <ActionButton variant="secondary" testId="template-reset" onPress={() => change(EMPTY)}>
              {t('requests.template.reset')}
            </ActionButton>
          )}
          <ActionButton
            variant="secondary"
            testId="template-test"
            isPending={test.isPending}
            isDisabled={template === null}
            onPress={() => test.mutate()}
          >
            {t('requests.template.test')}
          </ActionButton>
          <ActionButton type="submit" testId="template-save" isPending={save.isPending} isDisabled={!canEdit}>
            {t('requests.template.save')}
          </ActionButton>
        </div>
      </form>

      <section className="card request-preview" aria-labelledby="request-preview-title">
        <div className="request-preview-head">
          <h2 id="request-preview-title" className="section-title">
            {t('requests.template.preview')}
          </h2>
          <SegmentedControl
            label={t('requests.template.width')}
            testId="preview-width"
            value={width}
            onChange={setWidth}
            options={WIDTHS.map((option) => ({ value: option, content: t(`requests.template.${option}`) }))}
          />
        </div>
        {preview.isError && <FormAlert severity="error">{t('requests.template.previewError')}</FormAlert>}
        {preview.data && (
          <>
            <p className="request-preview-subject" data-testid="preview-subject">
              {preview.data.subject}
            </p>
            {/* sandbox with no permissions: the mail's HTML runs no script and reaches nothing of the dashboard. */}
            <iframe
              className="request-preview-frame"
              data-testid="preview-frame"
              data-width={width}
              title={t('requests.template.previewLabel')}
              sandbox=""
              srcDoc={preview.data.html}
              aria-busy={preview.isFetching || undefined}
            />
          </>
        )}
      </section>
    </div>
  );
}
