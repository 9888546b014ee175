import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import type { TAuthResponse, TLoginBody } from '../../../../shared/accounts.js';
import { ApiError, apiFetch } from '../../../api/client';
import { useCompleteSignIn } from '../../../components/auth/useCompleteSignIn';
import { apiDetail, apiFieldErrors, type TFieldErrors } from '../../../components/form/apiErrors';
import { FormAlert } from '../../../components/form/FormAlert';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { PageTitle } from '../../../components/PageTitle';
import { safeNextPath } from '../../../lib/safeNextPath';

export default function Page() {
  const { t } = useTranslation();
  const { urlParsed } = usePageContext();
  const completeSignIn = useCompleteSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // 'done' keeps the form locked until the redirect after a successful sign-in.
  const [status, setStatus] = useState<'idle' | 'pending' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    if (!email.trim() || !password) {
      setError(t('auth.errors.requiredFields'));
      return;
    }

    setStatus('pending');
    try {
      // An invitation link for an existing account leads here: signing in accepts it.
      const token = urlParsed.search.token || undefined;
      const body = { email: email.trim(), password, token } satisfies TLoginBody;
      const response = await apiFetch<TAuthResponse>('/api/auth/token-obtain/', { method: 'POST', body });
      setStatus('done');
      completeSignIn(response, t('auth.login.success'), safeNextPath(urlParsed.search.next, window.location.origin));
    } catch (caught) {
      setStatus('idle');
      setFieldErrors(apiFieldErrors(caught));
      setError(
        caught instanceof ApiError && caught.status === 401
          ? t('auth.login.invalidCredentials')
          : (apiDetail(caught) ?? t('auth.login.failed')),
      );
    }
  }

  return (
    <>
      <PageTitle page="login" />
      <p className="page-lead">{t('auth.login.lead')}</p>
      <form className="form" data-testid="login-form" noValidate aria-busy={status !== 'idle'} onSubmit={onSubmit}>
        {urlParsed.search.reset === '1' && <FormAlert severity="success">{t('auth.login.resetDone')}</FormAlert>}
        {urlParsed.search.token && <FormAlert severity="info">{t('auth.login.acceptInvitation')}</FormAlert>}
        {error && <FormAlert severity="error">{error}</FormAlert>}
        <TextField
          name="email"
          type="email"
          autoComplete="email"
          label={t('auth.fields.email')}
          isRequired
          value={email}
          onChange={setEmail}
          errors={fieldErrors.email}
        />
        <TextField
          name="password"
          type="password"
          autoComplete="current-password"
          label={t('auth.fields.password')}
          isRequired
          value={password}
          onChange={setPassword}
          errors={fieldErrors.password}
        />
        <p className="form-links">
          <a href="/forgot-password">{t('auth.login.forgotPassword')}</a>
        </p>
        <SubmitButton isPending={status !== 'idle'}>{t('auth.login.submit')}</SubmitButton>
      </form>
      <p className="form-footer">
        {t('auth.login.noAccount')} <a href="/register">{t('auth.login.register')}</a>
      </p>
    </>
  );
}
