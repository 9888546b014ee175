import { useT } from '../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import type { TEmailConfirmed } from '../../../../shared/accounts.js';
import { ActionButton } from '../../../components/ActionButton';
import { useConfirmLink } from '../../../components/auth/useConfirmLink';
import { FormAlert } from '../../../components/form/FormAlert';
import { PageTitle } from '../../../components/PageTitle';

/**
 * The link mailed to a new sign-in email (issue 16). Public: it may be opened in any browser. Every session of the
 * account ends, except this browser's when it was signed in to it.
 */
export default function Page() {
  const t = useT();
  const token = usePageContext().urlParsed.search.token?.trim() ?? '';
  const [state, retry] = useConfirmLink<TEmailConfirmed>('/api/auth/users/confirm-email/', token);

  return (
    <>
      {/* Once confirmed, the page says so rather than still asking for it. */}
      <PageTitle page={token && state.status === 'done' ? 'emailChanged' : 'confirmEmail'} />
      <div data-testid="email-confirm" data-status={token ? state.status : 'failed'}>
        {!token ? (
          <FormAlert severity="error">
            <p>{t('auth.confirmEmail.missingToken')}</p>
          </FormAlert>
        ) : state.status === 'working' ? (
          <FormAlert severity="info">{t('auth.confirmEmail.working')}</FormAlert>
        ) : state.status === 'done' ? (
          <FormAlert severity="success">
            <p>{t('auth.confirmEmail.done', { email: state.result.email })}</p>
            {state.result.signed_in ? (
              <>
                <p>{t('auth.confirmEmail.signedInHere')}</p>
                <a href="/settings/account">{t('auth.confirmEmail.goToAccount')}</a>
              </>
            ) : (
              <>
                <p>{t('auth.confirmEmail.signedOut')}</p>
                <a href="/login">{t('auth.confirmEmail.signIn')}</a>
              </>
            )}
          </FormAlert>
        ) : state.code === 'email_taken' || state.code === 'invalid_email_change' ? (
          <FormAlert severity="error">
            <p>{t(state.code === 'email_taken' ? 'auth.confirmEmail.taken' : 'auth.confirmEmail.invalid')}</p>
            <a href="/settings/account">{t('auth.confirmEmail.accountSettings')}</a>
          </FormAlert>
        ) : (
          <FormAlert severity="error">
            <p>{t('auth.confirmEmail.failed')}</p>
            <ActionButton variant="secondary" testId="email-confirm-retry" onPress={retry}>
              {t('auth.confirmEmail.retry')}
            </ActionButton>
          </FormAlert>
        )}
      </div>
    </>
  );
}
