import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../i18n/useT';
import { EMAIL_CHANGE_QUERY_KEY, cancelEmailChange, resendEmailChange, useEmailChange } from '../../api/profile';
import { useDateFormat } from '../../lib/useDateFormat';
import { ActionButton } from '../ActionButton';
import { apiDetail } from '../form/apiErrors';
import { FormAlert } from '../form/FormAlert';
import { useToast } from '../toast/ToastProvider';

/** A sign-in email change waiting for its mailed link: which address, until when, and resend or cancel. */
export function EmailChangeNotice({ currentEmail }: { currentEmail: string }) {
  const t = useT();
  const { showToast } = useToast();
  const formatDate = useDateFormat();
  const queryClient = useQueryClient();
  const change = useEmailChange();
  const pending = change.data?.pending;

  const onError = (error: Error) => showToast(apiDetail(error) ?? t('settingsPages.account.emailChangeError'), 'error');
  const resend = useMutation({
    mutationFn: resendEmailChange,
    onSuccess: (state) => {
      queryClient.setQueryData(EMAIL_CHANGE_QUERY_KEY, state);
      showToast(t('settingsPages.account.emailResent', { email: state.pending?.new_email ?? '' }), 'success');
    },
    onError,
  });
  const cancel = useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: () => {
      queryClient.setQueryData(EMAIL_CHANGE_QUERY_KEY, { pending: null });
      showToast(t('settingsPages.account.emailChangeCancelled'), 'success');
    },
    onError,
  });

  if (!pending) return null;
  const isBusy = resend.isPending || cancel.isPending;
  return (
    <FormAlert severity="info" testId="email-change-pending">
      <p>{t('settingsPages.account.pendingEmail', { email: pending.new_email, current: currentEmail })}</p>
      <p>{t('settingsPages.account.pendingExpires', { date: formatDate(pending.expires_at) })}</p>
      <div className="section-actions">
        <ActionButton
          variant="secondary"
          testId="email-change-resend"
          isPending={resend.isPending}
          isDisabled={isBusy}
          onPress={() => resend.mutate()}
        >
          {t('settingsPages.account.resendEmail')}
        </ActionButton>
        <ActionButton
          variant="secondary"
          testId="email-change-cancel"
          isPending={cancel.isPending}
          isDisabled={isBusy}
          onPress={() => cancel.mutate()}
        >
          {t('settingsPages.account.cancelEmailChange')}
        </ActionButton>
      </div>
    </FormAlert>
  );
}
