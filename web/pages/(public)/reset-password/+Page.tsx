import { useState, type FormEvent } from 'react';
import { useT } from '../../../i18n/useT';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { ApiError, apiFetch } from '../../../api/client';
import { apiDetail, apiFieldErrors, type TFieldErrors } from '../../../components/form/apiErrors';
import { FormAlert } from '../../../components/form/FormAlert';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { PageTitle } from '../../../components/PageTitle';
import type { TResetLinkData } from './+data';

export default function Page() {
  const t = useT();
  const code = usePageContext().urlParsed.search.code?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [status, setStatus] = useState<'idle' | 'pending' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const link = useData<TResetLinkData | undefined>();
  // The server no longer accepts the code (used or expired), as the page was told or on sending: the way on is a
  // new link.
  const [codeRejected, setCodeRejected] = useState(link?.codeUsable === false);
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    if (!password || !confirm) {
      setError(t('auth.errors.requiredFields'));
      return;
    }
    if (password !== confirm) {
      setError(t('auth.errors.passwordMismatch'));
      return;
    }

    setStatus('pending');
    try {
      await apiFetch('/api/auth/users/reset-password/', { method: 'POST', body: { code, password } });
      setStatus('done');
      window.location.assign('/login?reset=1');
    } catch (caught) {
      setStatus('idle');
      if (caught instanceof ApiError && caught.code === 'invalid_reset_code') {
        setCodeRejected(true);
        return;
      }
      setFieldErrors(apiFieldErrors(caught));
      setError(apiDetail(caught) ?? t('auth.reset.failed'));
    }
  }

  return (
    <>
      <PageTitle page="resetPassword" />
      {!code || codeRejected ? (
        <div data-testid="reset-link-invalid">
          <FormAlert severity="error">
            <p>{t('auth.reset.invalidCode')}</p>
            {code && <p>{t('auth.reset.usedOrExpired')}</p>}
            <a href="/forgot-password">{t('auth.reset.requestNew')}</a>
          </FormAlert>
        </div>
      ) : (
        <>
          <p className="page-lead">{t('auth.reset.lead')}</p>
          <form className="form" data-testid="reset-form" noValidate aria-busy={status !== 'idle'} onSubmit={onSubmit}>
            {error && <FormAlert severity="error">{error}</FormAlert>}
            <TextField
              name="password"
              type="password"
              autoComplete="new-password"
              label={t('auth.fields.newPassword')}
              isRequired
              value={password}
              onChange={setPassword}
              errors={fieldErrors.password}
            />
            <TextField
              name="confirm_password"
              type="password"
              autoComplete="new-password"
              label={t('auth.fields.confirmNewPassword')}
              isRequired
              value={confirm}
              onChange={setConfirm}
            />
            <SubmitButton isPending={status !== 'idle'}>{t('auth.reset.submit')}</SubmitButton>
          </form>
        </>
      )}
      <p className="form-footer">
        <a href="/login">{t('auth.reset.backToLogin')}</a>
      </p>
    </>
  );
}
