import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import { ANSWER_MAX_LENGTH } from '../../../shared/question-options.js';
import type { TQuestion } from '../../../shared/questions.js';
import { useAnswerQuestion } from '../../api/questions';
import { useDateFormat } from '../../lib/useDateFormat';
import { ActionButton } from '../ActionButton';
import { CountedTextArea } from '../form/CountedTextArea';
import { FormAlert } from '../form/FormAlert';
import { apiDetail } from '../form/apiErrors';
import { useToast } from '../toast/ToastProvider';

export type TQuestionAction = 'publish' | 'unpublish' | 'delete';

export interface QuestionCardProps {
  question: TQuestion;
  canModerate: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  busy: boolean;
  onAction: (action: TQuestionAction, question: TQuestion) => void;
}

/** One shopper's question: who asked about what, the store's answer (written, edited), and its publication. */
export function QuestionCard({ question, canModerate, selected, onSelect, busy, onAction }: QuestionCardProps) {
  const t = useT();
  const formatDate = useDateFormat(true);
  const titleId = useId();
  const product = question.product.name || question.product.external_id;

  return (
    <li className="question-card" data-testid="question-card" data-id={question.id} data-status={question.status}>
      <article aria-labelledby={titleId}>
        <header className="question-head">
          {canModerate && (
            <input
              type="checkbox"
              className="question-select"
              data-testid="question-select"
              checked={selected}
              aria-label={t('questions.list.select', { product })}
              onChange={(event) => onSelect(event.target.checked)}
            />
          )}
          <span className="chip chip-tint chip-status" data-status={question.status} data-testid="question-status">
            {t(`questions.status.${question.status}`)}
          </span>
          <span className="question-product">{t('questions.list.product', { product })}</span>
        </header>
        <h2 id={titleId} className="question-text" data-testid="question-text">
          {question.question}
        </h2>
        <p className="review-muted question-meta">
          {t('questions.list.asked', {
            name: question.asker.name || t('questions.list.anonymous'),
            email: question.asker.email,
            date: formatDate(question.created_at),
          })}
        </p>
        {question.flags.length > 0 && (
          <ul className="moderation-flags" data-testid="moderation-flags" aria-label={t('moderation.flagsLabel')}>
            {question.flags.map((flag) => (
              <li key={flag} className="chip chip-tint chip-flag" data-flag={flag}>
                {t(`moderation.flags.${flag}`)}
              </li>
            ))}
          </ul>
        )}
        <QuestionAnswer question={question} canModerate={canModerate} />
        {canModerate && (
          <div className="question-actions">
            {question.status !== 'pending' && (
              <ActionButton
                variant="secondary"
                testId={question.status === 'published' ? 'question-unpublish' : 'question-publish'}
                isPending={busy}
                onPress={() => onAction(question.status === 'published' ? 'unpublish' : 'publish', question)}
              >
                {t(question.status === 'published' ? 'questions.actions.unpublish' : 'questions.actions.publish')}
              </ActionButton>
            )}
            <ActionButton
              variant="danger"
              testId="question-delete"
              isDisabled={busy}
              onPress={() => onAction('delete', question)}
            >
              {t('questions.actions.delete')}
            </ActionButton>
          </div>
        )}
      </article>
    </li>
  );
}

function QuestionAnswer({ question, canModerate }: { question: TQuestion; canModerate: boolean }) {
  const t = useT();
  const { showToast } = useToast();
  const formatDate = useDateFormat(true);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const save = useAnswerQuestion(question.id);
  const fieldId = useId();

  const startEditing = () => {
    setText(question.answer ?? '');
    save.reset();
    setEditing(true);
  };
  const submit = (publish: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    save.mutate(
      { text, publish },
      {
        onSuccess: (saved) => {
          setEditing(false);
          setText('');
          showToast(
            t(saved.answer_mailed_at ? 'questions.answer.saved' : 'questions.answer.savedNotMailed'),
            'success',
          );
        },
      },
    );
  };

  if (question.answer !== null && !editing) {
    return (
      <div className="question-answer" data-testid="question-answer">
        <p className="review-drawer-comment" data-testid="question-answer-text">
          {question.answer}
        </p>
        <p className="review-muted">
          {question.answered_at && t('questions.answer.answered', { date: formatDate(question.answered_at) })}
          {' · '}
          {question.answer_mailed_at
            ? t('questions.answer.mailed', { date: formatDate(question.answer_mailed_at) })
            : t('questions.answer.notMailed')}
        </p>
        {canModerate && (
          <ActionButton variant="secondary" testId="question-answer-edit" onPress={startEditing}>
            {t('questions.answer.edit')}
          </ActionButton>
        )}
      </div>
    );
  }
  if (!canModerate) return null;
  return (
    <form className="question-answer review-reply-form" onSubmit={submit(false)}>
      {save.error && <FormAlert severity="error">{apiDetail(save.error) ?? t('questions.answer.error')}</FormAlert>}
      <CountedTextArea
        id={fieldId}
        label={t('questions.answer.label')}
        value={text}
        onChange={setText}
        maxLength={ANSWER_MAX_LENGTH}
        rows={3}
        left={(count) => t('questions.answer.help', { count })}
        testId="question-answer-input"
      />
      <div className="review-reply-actions">
        {editing && (
          <ActionButton variant="secondary" testId="question-answer-cancel" onPress={() => setEditing(false)}>
            {t('questions.answer.cancel')}
          </ActionButton>
        )}
        <ActionButton
          type="submit"
          variant="secondary"
          testId="question-answer-save"
          isPending={save.isPending && !save.variables?.publish}
          isDisabled={!text.trim() || (save.isPending && !!save.variables?.publish)}
        >
          {t('questions.answer.save')}
        </ActionButton>
        {question.status !== 'published' && (
          <ActionButton
            testId="question-answer-publish"
            isPending={save.isPending && !!save.variables?.publish}
            isDisabled={!text.trim() || (save.isPending && !save.variables?.publish)}
            onPress={() => submit(true)()}
          >
            {t('questions.answer.savePublish')}
          </ActionButton>
        )}
      </div>
    </form>
  );
}
