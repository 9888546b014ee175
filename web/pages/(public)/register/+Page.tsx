import { useState, type FormEvent } from 'react';
import { useT } from '../../../i18n/useT';
import { useConfig } from 'vike-react/useConfig';
import { usePageContext } from 'vike-react/usePageContext';
import '../../../styles/integrations.css';
import type { TAuthResponse, TRegisterBody, TSignupPending } from '../../../../shared/accounts.js';
import { ApiError, apiFetch } from '../../../api/client';
import { InstallFailedAlert, InstallStoreAlert } from '../../../components/auth/InstallStoreAlert';
import { registerModeOf, type TRegisterMode } from '../../../components/auth/registerMode';
import { SignupSent } from '../../../components/auth/SignupSent';
import { useCompleteSignIn } from '../../../components/auth/useCompleteSignIn';
import { useInstallStore, type TInstallStore } from '../../../components/auth/useInstallStore';
import { useInvitation } from '../../../components/auth/useInvitation';
import { apiDetail, apiFieldErrors, firstFieldError, type TFieldErrors } from '../../../components/form/apiErrors';
import { FormAlert } from '../../../components/form/FormAlert';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField, type TextFieldProps } from '../../../components/form/TextField';

type TFieldName = 'first_name' | 'last_name' | 'phone' | 'store_name' | 'email' | 'password' | 'confirm_password';
type TValues = Record<TFieldName, string>;

/**
 * What the form cannot be sent without, top to bottom (the email: unless invited). The phone is optional, as in the
 * account settings.
 */
const REQUIRED: readonly TFieldName[] = ['first_name', 'last_name', 'email', 'password', 'confirm_password'];

const EMPTY: TValues = {
  first_name: '',
  last_name: '',
  phone: '',
  store_name: '',
  email: '',
  password: '',
  confirm_password: '',
};

/** What the sign-up says it is for: an invitation, a store's install, or neither. */
function accountFields(
  mode: TRegisterMode,
  store: TInstallStore | undefined,
): Pick<TRegisterBody, 'token' | 'platform' | 'merchant_id'> {
  switch (mode.kind) {
    case 'invite':
      return { token: mode.token };
    case 'install':
      return { platform: mode.platform, merchant_id: store?.merchantId };
    case 'regular':
      return mode.platform ? { platform: mode.platform } : {};
  }
}

export default function Page() {
  const t = useT();
  const { search } = usePageContext().urlParsed;
  const completeSignIn = useCompleteSignIn();
  const mode = registerModeOf(search);
  const isInvite = mode.kind === 'invite';
  const invitation = useInvitation(isInvite ? mode.token : undefined);
  const installStore = useInstallStore(mode);
  const store = installStore?.status === 'ready' ? installStore.store : undefined;

  const [values, setValues] = useState<TValues>(EMPTY);
  const [status, setStatus] = useState<'idle' | 'pending' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  // A regular sign-up waits for its mailed link: what was sent, kept to send it again.
  const [sent, setSent] = useState<TRegisterBody | null>(null);

  const title =
    mode.kind === 'install'
      ? t('auth.register.installTitle', { platform: t(`auth.register.platformNames.${mode.platform}`) })
      : t(`auth.register.${mode.kind}Title`);
  useConfig()({ title: t('app.titleTemplate', { page: title }) });

  const invitationEmail = invitation.data?.email ?? '';
  const invitationName = invitation.data?.store_name || invitation.data?.workspace_name;
  // A link that no longer works (used, cancelled, expired) answers 4xx; anything else may work on a retry.
  const invitationGone = invitation.isError && invitation.error instanceof ApiError && invitation.error.status < 500;
  // SPEC §5: nothing to submit until the invitation is checked or the store to connect is known.
  const isReady = isInvite ? invitation.isSuccess : mode.kind !== 'install' || !!store;
  const isBusy = status !== 'idle' || installStore?.status === 'signing_in';

  function field(name: TFieldName): Pick<TextFieldProps, 'name' | 'value' | 'onChange' | 'errors' | 'isDisabled'> {
    return {
      name,
      value: values[name],
      onChange: (value) => {
        setValues((previous) => ({ ...previous, [name]: value }));
        // A field filled in loses its mark; the summary goes with the last one.
        if (!fieldErrors[name]) return;
        const { [name]: _fixed, ...rest } = fieldErrors;
        setFieldErrors(rest);
        if (Object.keys(rest).length === 0) setError(null);
      },
      errors: fieldErrors[name],
      isDisabled: isBusy,
    };
  }

  /** Marks these fields (top to bottom) with their message, says so above the form, and focuses the first. */
  function markInvalid(form: HTMLFormElement, fields: TFieldErrors, summary: string) {
    setFieldErrors(fields);
    setError(summary);
    (form.elements.namedItem(Object.keys(fields)[0]) as HTMLInputElement | null)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    setFieldErrors({});
    if (!isReady) return;

    const missing = REQUIRED.filter((name) => !(isInvite && name === 'email') && !values[name].trim());
    if (missing.length) {
      const required = [t('auth.errors.required')];
      markInvalid(form, Object.fromEntries(missing.map((name) => [name, required])), t('auth.errors.requiredFields'));
      return;
    }
    if (values.password !== values.confirm_password) {
      const mismatch = t('auth.errors.passwordMismatch');
      markInvalid(form, { confirm_password: [mismatch] }, mismatch);
      return;
    }

    setStatus('pending');
    try {
      const body = {
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        phone: values.phone.trim(),
        password: values.password,
        ...(!isInvite && { email: values.email.trim() }),
        // Only a regular sign-up makes a store of its own to name; an empty name is left for the platform to fill.
        ...(mode.kind === 'regular' && values.store_name.trim() && { store_name: values.store_name.trim() }),
        ...accountFields(mode, store),
      } satisfies TRegisterBody;
      if (mode.kind === 'regular') {
        await apiFetch<TSignupPending>('/api/auth/register/', { method: 'POST', body });
        setStatus('idle');
        setSent(body);
        return;
      }
      const response = await apiFetch<TAuthResponse>('/api/auth/register/', { method: 'POST', body });
      setStatus('done');
      completeSignIn(response, t('auth.register.success'), '/');
    } catch (caught) {
      setStatus('idle');
      const fields = apiFieldErrors(caught);
      setFieldErrors(fields);
      setError(apiDetail(caught) ?? firstFieldError(fields) ?? t('auth.register.failed'));
    }
  }

  if (sent) return <SignupSent body={sent} onStartOver={() => setSent(null)} />;

  // No form to fill: say what is wrong with the link and what to do next.
  if (isInvite && invitation.isError) {
    return (
      <>
        <h1 className="page-title">{title}</h1>
        <FormAlert severity="error" testId="invitation-error">
          {invitationGone ? (
            <>
              <p>{t('auth.register.invalidInvitation')}</p>
              <p>{t('auth.register.invitationNextStep')}</p>
            </>
          ) : (
            <p>{t('auth.register.verifyFailed')}</p>
          )}
        </FormAlert>
        <div className="section-actions">
          {invitationGone ? (
            <a className="button" data-testid="invitation-sign-in" href="/login">
              {t('auth.register.login')}
            </a>
          ) : (
            <button
              type="button"
              className="button"
              data-testid="invitation-retry"
              onClick={() => void invitation.refetch()}
            >
              {t('auth.register.retry')}
            </button>
          )}
        </div>
      </>
    );
  }

  if (invitation.data?.user_exists) {
    return (
      <>
        <h1 className="page-title">{title}</h1>
        {invitationName && (
          <FormAlert severity="info">{t('auth.register.invitedTo', { name: invitationName })}</FormAlert>
        )}
        <p className="page-lead">{t('auth.register.existingAccount', { email: invitationEmail })}</p>
        <a
          className="button"
          data-testid="accept-by-login"
          href={`/login?token=${encodeURIComponent(isInvite ? mode.token : '')}`}
        >
          {t('auth.register.signInToAccept')}
        </a>
      </>
    );
  }

  return (
    <>
      <h1 className="page-title">{title}</h1>
      <p className="page-lead">{t(`auth.register.${mode.kind}Lead`)}</p>
      <form
        className="form"
        data-testid="register-form"
        data-mode={mode.kind}
        noValidate
        aria-busy={isBusy}
        onSubmit={onSubmit}
      >
        {invitation.isLoading && <FormAlert severity="info">{t('auth.register.verifying')}</FormAlert>}
        {invitationName && (
          <FormAlert severity="info">{t('auth.register.invitedTo', { name: invitationName })}</FormAlert>
        )}
        {installStore && mode.kind === 'install' && <InstallStoreAlert state={installStore} platform={mode.platform} />}
        {mode.kind === 'regular' && search.install_error && <InstallFailedAlert />}
        {error && <FormAlert severity="error">{error}</FormAlert>}
        <div className="form-row">
          <TextField {...field('first_name')} autoComplete="given-name" label={t('auth.fields.firstName')} isRequired />
          <TextField {...field('last_name')} autoComplete="family-name" label={t('auth.fields.lastName')} isRequired />
        </div>
        <TextField {...field('phone')} type="tel" autoComplete="tel" label={t('auth.fields.phone')} />
        {mode.kind === 'regular' && (
          <TextField
            {...field('store_name')}
            autoComplete="organization"
            label={t('auth.fields.storeName')}
            description={t('auth.register.storeNameHint')}
          />
        )}
        <TextField
          {...field('email')}
          {...(isInvite && { value: invitationEmail, onChange: () => {}, isDisabled: true })}
          type="email"
          autoComplete="email"
          label={t('auth.fields.email')}
          isRequired
        />
        <TextField
          {...field('password')}
          type="password"
          autoComplete="new-password"
          label={t('auth.fields.password')}
          isRequired
        />
        <TextField
          {...field('confirm_password')}
          type="password"
          autoComplete="new-password"
          label={t('auth.fields.confirmPassword')}
          isRequired
        />
        <SubmitButton isPending={isBusy} isDisabled={!isReady}>
          {t(`auth.register.${mode.kind}Submit`)}
        </SubmitButton>
      </form>
      <p className="form-footer">
        {t('auth.register.haveAccount')} <a href="/login">{t('auth.register.login')}</a>
      </p>
    </>
  );
}
