import { useMutation } from '@tanstack/react-query';
import { useT } from '../../i18n/useT';
import { useConfig } from 'vike-react/useConfig';
import type { TRegisterBody, TSignupPending } from '../../../shared/accounts.js';
import { SIGNUP_TTL_HOURS } from '../../../shared/constants.js';
import { apiFetch } from '../../api/client';
import { ActionButton } from '../ActionButton';
import { FormAlert } from '../form/FormAlert';

/**
 * After a regular sign-up (issue 16): the account exists once the mailed link is opened. Sending again repeats the
 * same sign-up, which mails a fresh link.
 */
export function SignupSent({ body, onStartOver }: { body: TRegisterBody; onStartOver: () => void }) {
  const t = useT();
  const title = t('auth.register.sentTitle');
  useConfig()({ title: t('app.titleTemplate', { page: title }) });
  const resend = useMutation({
    mutationFn: () => apiFetch<TSignupPending>('/api/auth/register/', { method: 'POST', body }),
  });
  const email = body.email ?? '';

  return (
    <div data-testid="signup-sent">
      <h1 className="page-title">{title}</h1>
      <FormAlert severity="success">{t('auth.register.sent', { email, hours: SIGNUP_TTL_HOURS })}</FormAlert>
      <p className="page-lead">{t('auth.register.sentHelp')}</p>
      {resend.isSuccess && <FormAlert severity="info">{t('auth.register.resent', { email })}</FormAlert>}
      {resend.isError && <FormAlert severity="error">{t('auth.register.resendFailed')}</FormAlert>}
      <div className="section-actions">
        <ActionButton testId="signup-resend" isPending={resend.isPending} onPress={() => resend.mutate()}>
          {t('auth.register.resend')}
        </ActionButton>
        <ActionButton variant="secondary" testId="signup-start-over" onPress={onStartOver}>
          {t('auth.register.startOver')}
        </ActionButton>
      </div>
      <p className="form-footer">
        {t('auth.register.haveAccount')} <a href="/login">{t('auth.register.login')}</a>
      </p>
    </div>
  );
}
