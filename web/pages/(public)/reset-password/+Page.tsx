import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { ApiError, apiFetch } from '../../../api/client';
import { apiDetail, apiFieldErrors, type TFieldErrors } from '../../../components/form/apiErrors';
import { FormAlert } from '../../../components/form/FormAlert';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { PageTitle } from '../../../components/PageTitle';

export default function Page() {
  const { t } = useTranslation();
  const code = usePageContext().urlParsed.search.code?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [status, setStatus] = useState<'idle' | 'pending' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  // The server no longer accepts the code (used or expired): the way on is a new link.
  const [codeRejected, setCodeRejected] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const codeInvalid = !code || codeRejected;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    if (codeInvalid) return;
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
      <p className="page-lead">{t('auth.reset.lead')}</p>
      <form className="form" data-testid="reset-form" noValidate aria-busy={status !== 'idle'} onSubmit={onSubmit}>
        {codeInvalid ? (
          <FormAlert severity="error">
            {t('auth.reset.invalidCode')}
            <a href="/forgot-password">{t('auth.reset.requestNew')}</a>
          </FormAlert>
        ) : (
          error && <FormAlert severity="error">{error}</FormAlert>
        )}
        <TextField
          name="password"
          type="password"
          autoComplete="new-password"
          label={t('auth.fields.newPassword')}
          isRequired
          isDisabled={codeInvalid}
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
          isDisabled={codeInvalid}
          value={confirm}
          onChange={setConfirm}
        />
        <SubmitButton isPending={status !== 'idle'} isDisabled={codeInvalid}>
          {t('auth.reset.submit')}
        </SubmitButton>
      </form>
      <p className="form-footer">
        <a href="/login">{t('auth.reset.backToLogin')}</a>
      </p>
    </>
  );
}
