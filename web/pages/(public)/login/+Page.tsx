import { useState, type FormEvent } from 'react';
import { useT } from '../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import type { TAuthResponse, TLoginBody, TLoginChallenge, TLoginProof } from '../../../../shared/accounts.js';
import { ApiError, apiFetch } from '../../../api/client';
import { useCompleteSignIn } from '../../../components/auth/useCompleteSignIn';
import { apiDetail, apiFieldErrors, type TFieldErrors } from '../../../components/form/apiErrors';
import { FormAlert } from '../../../components/form/FormAlert';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { TextField } from '../../../components/form/TextField';
import { PageTitle } from '../../../components/PageTitle';
import { safeNextPath } from '../../../lib/safeNextPath';
import { solveLoginProof } from '../../../lib/solveLoginProof';

/** A fresh challenge can still lose a race with other attempts on the account: solve at most this many. */
const MAX_PROOFS = 3;

/** The challenge of a `proof_required` refusal (too many attempts on this account), if that is what it is. */
function challengeOf(error: unknown): TLoginChallenge | null {
  if (!(error instanceof ApiError) || error.code !== 'proof_required') return null;
  const { challenge } = (error.payload ?? {}) as { challenge?: TLoginChallenge };
  return challenge && typeof challenge.token === 'string' && typeof challenge.difficulty === 'number'
    ? challenge
    : null;
}

export default function Page() {
  const t = useT();
  const { urlParsed } = usePageContext();
  const completeSignIn = useCompleteSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // 'done' keeps the form locked until the redirect after a successful sign-in.
  const [status, setStatus] = useState<'idle' | 'pending' | 'done'>('idle');
  // Said aloud only when the account asks for a proof of work: solving it, then signing in with it.
  const [proofStep, setProofStep] = useState<'checking' | 'signing_in' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  // "Your password has been reset" is news only until the first attempt: then whatever that attempt says.
  const [attempted, setAttempted] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setError(null);
    setFieldErrors({});
    if (!email.trim() || !password) {
      setError(t('auth.errors.requiredFields'));
      return;
    }

    setStatus('pending');
    // An invitation link for an existing account leads here: signing in accepts it.
    const token = urlParsed.search.token || undefined;
    const body = { email: email.trim(), password, token } satisfies TLoginBody;
    try {
      let proof: TLoginProof | undefined;
      let response: TAuthResponse | undefined;
      for (let solved = 0; !response; solved += 1) {
        try {
          response = await apiFetch<TAuthResponse>('/api/auth/token-obtain/', {
            method: 'POST',
            body: { ...body, proof },
          });
        } catch (caught) {
          // Many attempts on this account: the server asks this browser for a short proof of work first.
          const challenge = challengeOf(caught);
          if (!challenge || solved >= MAX_PROOFS) throw caught;
          setProofStep('checking');
          proof = { challenge: challenge.token, nonce: await solveLoginProof(challenge) };
          setProofStep('signing_in');
        }
      }
      setStatus('done');
      completeSignIn(response, t('auth.login.success'), safeNextPath(urlParsed.search.next, window.location.origin));
    } catch (caught) {
      setStatus('idle');
      setProofStep(null);
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
        {urlParsed.search.reset === '1' && !attempted && (
          <FormAlert severity="success">{t('auth.login.resetDone')}</FormAlert>
        )}
        {urlParsed.search.token && <FormAlert severity="info">{t('auth.login.acceptInvitation')}</FormAlert>}
        {error && <FormAlert severity="error">{error}</FormAlert>}
        {proofStep && (
          <FormAlert severity="info" testId="login-proof">
            {t(proofStep === 'checking' ? 'auth.login.checkingBrowser' : 'auth.login.signingIn')}
          </FormAlert>
        )}
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
