import { useState, type FormEvent } from 'react';
import { useT } from '../../../i18n/useT';
import { apiFetch } from '../../../api/client';
import { apiDetail, apiFieldErrors, type TFieldErrors } from '../../../components/form/apiErrors';
import { FormAlert } from '../../../components/form/FormAlert';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { PageTitle } from '../../../components/PageTitle';

export default function Page() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<'idle' | 'pending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    if (!email.trim()) {
      setError(t('auth.errors.requiredFields'));
      return;
    }

    setStatus('pending');
    try {
      await apiFetch('/api/auth/users/forgot-password/', { method: 'POST', body: { email: email.trim() } });
      setStatus('sent');
    } catch (caught) {
      setStatus('idle');
      setFieldErrors(apiFieldErrors(caught));
      setError(apiDetail(caught) ?? t('auth.forgot.failed'));
    }
  }

  const backToLogin = <a href="/login">{t('auth.forgot.backToLogin')}</a>;

  if (status === 'sent') {
    return (
      <>
        <PageTitle page="forgotPassword" />
        <FormAlert severity="success">{t('auth.forgot.success')}</FormAlert>
        <p className="form-footer">{backToLogin}</p>
      </>
    );
  }

  return (
    <>
      <PageTitle page="forgotPassword" />
      <p className="page-lead">{t('auth.forgot.lead')}</p>
      <form className="form" data-testid="forgot-form" noValidate aria-busy={status === 'pending'} onSubmit={onSubmit}>
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
        <SubmitButton isPending={status === 'pending'}>{t('auth.forgot.submit')}</SubmitButton>
      </form>
      <p className="form-footer">{backToLogin}</p>
    </>
  );
}
