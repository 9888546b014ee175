import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../../i18n/useT';
import { REPLY_MAX_LENGTH } from '../../../../shared/constants.js';
import type { TReview } from '../../../../shared/reviews.js';
import { useDeleteReply, useSaveReply } from '../../../api/reviewReplies';
import { useDateFormat } from '../../../lib/useDateFormat';
import { ActionButton } from '../../ActionButton';
import { CountedTextArea } from '../../form/CountedTextArea';
import { FormAlert } from '../../form/FormAlert';
import { apiDetail } from '../../form/apiErrors';
import { useToast } from '../../toast/ToastProvider';

/** The store's public reply to the review: shown, written, rewritten or deleted in the review's drawer. */
export function ReviewReply({ review }: { review: TReview }) {
  const t = useT();
  const { showToast } = useToast();
  const formatDate = useDateFormat(true);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [notify, setNotify] = useState(false);
  const save = useSaveReply(review);
  const remove = useDeleteReply(review);
  const fieldId = useId();
  const reply = review.reply;
  const error = save.error ?? remove.error;

  const startEditing = () => {
    setText(reply?.text ?? '');
    setNotify(false);
    save.reset();
    setEditing(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { text, notify },
      {
        onSuccess: () => {
          setEditing(false);
          showToast(t(notify ? 'moderation.reply.savedMailed' : 'moderation.reply.saved'), 'success');
        },
      },
    );
  };
  const erase = () =>
    remove.mutate(undefined, {
      onSuccess: () => showToast(t('moderation.reply.deleted'), 'success'),
    });

  return (
    <section aria-labelledby={`${fieldId}-title`} className="review-reply" data-testid="review-reply">
      <h3 id={`${fieldId}-title`} className="review-drawer-subtitle">
        {t('moderation.reply.title')}
      </h3>
      {error && <FormAlert severity="error">{apiDetail(error) ?? t('moderation.reply.error')}</FormAlert>}
      {editing || !reply ? (
        <form className="review-reply-form" onSubmit={submit}>
          <CountedTextArea
            id={fieldId}
            label={t('moderation.reply.label')}
            value={text}
            onChange={setText}
            maxLength={REPLY_MAX_LENGTH}
            rows={4}
            left={(count) => t('moderation.reply.help', { count })}
            testId="review-reply-text"
          />
          {review.customer.email && (
            <label className="review-reply-notify">
              <input
                type="checkbox"
                data-testid="review-reply-notify"
                checked={notify}
                onChange={(event) => setNotify(event.target.checked)}
              />
              {t('moderation.reply.notify')}
            </label>
          )}
          <div className="review-reply-actions">
            {reply && (
              <ActionButton variant="secondary" testId="review-reply-cancel" onPress={() => setEditing(false)}>
                {t('moderation.reply.cancel')}
              </ActionButton>
            )}
            <ActionButton type="submit" testId="review-reply-save" isPending={save.isPending} isDisabled={!text.trim()}>
              {t('moderation.reply.save')}
            </ActionButton>
          </div>
        </form>
      ) : (
        <>
          <p className="review-drawer-comment" data-testid="review-reply-shown">
            {reply.text}
          </p>
          <p className="review-muted review-reply-meta">
            {t('moderation.reply.updated', { date: formatDate(reply.updated_at) })}
            {reply.mailed_at && ` · ${t('moderation.reply.mailed', { date: formatDate(reply.mailed_at) })}`}
          </p>
          <div className="review-reply-actions">
            <ActionButton variant="secondary" testId="review-reply-edit" onPress={startEditing}>
              {t('moderation.reply.edit')}
            </ActionButton>
            <ActionButton variant="danger" testId="review-reply-delete" isPending={remove.isPending} onPress={erase}>
              {t('moderation.reply.delete')}
            </ActionButton>
          </div>
        </>
      )}
    </section>
  );
}
