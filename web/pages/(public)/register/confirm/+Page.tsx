import { useEffect, useRef } from 'react';
import { useT } from '../../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import type { TAuthResponse } from '../../../../../shared/accounts.js';
import { ActionButton } from '../../../../components/ActionButton';
import { useCompleteSignIn } from '../../../../components/auth/useCompleteSignIn';
import { useConfirmLink } from '../../../../components/auth/useConfirmLink';
import { FormAlert } from '../../../../components/form/FormAlert';
import { PageTitle } from '../../../../components/PageTitle';

/** The link a regular sign-up mailed: creates the account, signs in and lands on the dashboard. */
export default function Page() {
  const t = useT();
  const token = usePageContext().urlParsed.search.token?.trim() ?? '';
  const completeSignIn = useCompleteSignIn();
  const [state, retry] = useConfirmLink<TAuthResponse>('/api/auth/register/confirm/', token);
  // Signing in switches the language, which renews `t`: once is enough.
  const signedIn = useRef(false);

  useEffect(() => {
    if (state.status !== 'done' || signedIn.current) return;
    signedIn.current = true;
    const user = state.result;
    // Signed up to connect a BigCommerce store: its connect page is the next step.
    const next = user.merchant?.platform === 'bigcommerce' ? '/settings/integrations/bigcommerce' : '/';
    completeSignIn(user, t('auth.confirmSignup.success'), next);
  }, [state, completeSignIn, t]);

  return (
    <>
      <PageTitle page="registerConfirm" />
      <div data-testid="signup-confirm" data-status={token ? state.status : 'failed'}>
        {!token ? (
          <FormAlert severity="error">
            <p>{t('auth.confirmSignup.missingToken')}</p>
            <a href="/register">{t('auth.confirmSignup.signUpAgain')}</a>
          </FormAlert>
        ) : state.status === 'working' ? (
          <FormAlert severity="info">{t('auth.confirmSignup.working')}</FormAlert>
        ) : state.status === 'done' ? (
          <FormAlert severity="success">{t('auth.confirmSignup.success')}</FormAlert>
        ) : state.code === 'email_taken' ? (
          <FormAlert severity="error">
            <p>{t('auth.confirmSignup.taken')}</p>
            <a href="/login">{t('auth.confirmSignup.signIn')}</a>
            <a href="/forgot-password">{t('auth.confirmSignup.forgotPassword')}</a>
          </FormAlert>
        ) : state.code === 'invalid_signup_link' ? (
          <FormAlert severity="error">
            <p>{t('auth.confirmSignup.invalid')}</p>
            <a href="/login">{t('auth.confirmSignup.signIn')}</a>
            <a href="/register">{t('auth.confirmSignup.signUpAgain')}</a>
          </FormAlert>
        ) : (
          <FormAlert severity="error">
            <p>{t('auth.confirmSignup.failed')}</p>
            <ActionButton variant="secondary" testId="signup-confirm-retry" onPress={retry}>
              {t('auth.confirmSignup.retry')}
            </ActionButton>
          </FormAlert>
        )}
      </div>
    </>
  );
}
