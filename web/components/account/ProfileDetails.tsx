import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import type { TProfileUpdate } from '../../../shared/accounts.js';
import type { TSessionUser } from '../../../shared/session.js';
import { EMAIL_CHANGE_QUERY_KEY, setProfile, updateProfile } from '../../api/profile';
import { ActionButton } from '../ActionButton';
import { apiDetail, apiFieldErrors, type TFieldErrors } from '../form/apiErrors';
import { TextField, type TextFieldProps } from '../form/TextField';
import { useToast } from '../toast/ToastProvider';

type TProfileField = Exclude<keyof Required<TProfileUpdate>, 'current_password' | 'hide_upgrade_prompt'>;
type TValues = Record<TProfileField, string>;

const FIELDS = [
  { name: 'email', type: 'email', autoComplete: 'email', required: true },
  { name: 'first_name', type: 'text', autoComplete: 'given-name', required: true },
  { name: 'last_name', type: 'text', autoComplete: 'family-name', required: true },
  { name: 'phone', type: 'tel', autoComplete: 'tel', required: false },
] as const satisfies readonly (Pick<TextFieldProps, 'type' | 'autoComplete'> & {
  name: TProfileField;
  required: boolean;
})[];

const LABEL_KEYS = {
  email: 'settingsPages.fields.email',
  first_name: 'settingsPages.fields.firstName',
  last_name: 'settingsPages.fields.lastName',
  phone: 'settingsPages.fields.phone',
} as const satisfies Record<TProfileField, string>;

function valuesOf(user: TSessionUser): TValues {
  return { email: user.email, first_name: user.first_name, last_name: user.last_name, phone: user.phone ?? '' };
}

/**
 * Email, names and phone: read-only until Edit, then a form saved with PATCH /api/auth/users/me/. A new email also asks
 * for the current password and only takes effect through the link mailed to it (EmailChangeNotice shows it pending).
 */
export function ProfileDetails({ user }: { user: TSessionUser }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  // After Save or Cancel the form is gone: focus returns to the Edit button rather than the page's start.
  const [hasEdited, setHasEdited] = useState(false);
  const saved = valuesOf(user);

  if (editing) return <ProfileForm initial={saved} onDone={() => setEditing(false)} />;

  return (
    <div className="profile-details">
      <dl className="profile-list">
        {FIELDS.map(({ name }) => (
          <div key={name} className="profile-item">
            <dt>{t(LABEL_KEYS[name])}</dt>
            <dd data-testid={`profile-${name}`}>{saved[name] || t('settingsPages.account.notSet')}</dd>
          </div>
        ))}
      </dl>
      <div className="section-actions">
        <button
          type="button"
          className="button button-secondary"
          data-testid="profile-edit"
          autoFocus={hasEdited}
          onClick={() => {
            setEditing(true);
            setHasEdited(true);
          }}
        >
          {t('settingsPages.account.edit')}
        </button>
      </div>
    </div>
  );
}

function ProfileForm({ initial, onDone }: { initial: TValues; onDone: () => void }) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const [currentPassword, setCurrentPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const newEmail = values.email.trim().toLowerCase();
  const changesEmail = newEmail !== '' && newEmail !== initial.email;

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated, changes) => {
      setProfile(queryClient, updated);
      if (changes.email) {
        void queryClient.invalidateQueries({ queryKey: EMAIL_CHANGE_QUERY_KEY });
        showToast(t('settingsPages.account.emailChangeSent', { email: changes.email }), 'success');
      } else {
        showToast(t('settingsPages.account.saved'), 'success');
      }
      onDone();
    },
    onError: (error) => {
      const fields = apiFieldErrors(error);
      setFieldErrors(fields);
      if (Object.keys(fields).length === 0) {
        showToast(apiDetail(error) ?? t('settingsPages.account.saveError'), 'error');
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const trimmed = Object.fromEntries(FIELDS.map(({ name }) => [name, values[name].trim()])) as TValues;
    const missing: TFieldErrors = {};
    for (const { name, required } of FIELDS) {
      if (required && !trimmed[name]) missing[name] = [t('common.required')];
    }
    if (changesEmail && !currentPassword) missing.current_password = [t('common.required')];
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) return;

    const changes: TProfileUpdate = {};
    for (const { name } of FIELDS) if (trimmed[name] !== initial[name]) changes[name] = trimmed[name];
    if (!changesEmail) delete changes.email;
    else changes.current_password = currentPassword;
    if (Object.keys(changes).length === 0) onDone();
    else save.mutate(changes);
  };

  return (
    <form className="form profile-form" noValidate aria-busy={save.isPending} onSubmit={submit}>
      <div className="form-row">
        {FIELDS.map(({ name, type, autoComplete, required }) => (
          <TextField
            key={name}
            name={name}
            type={type}
            autoComplete={autoComplete}
            label={t(LABEL_KEYS[name])}
            value={values[name]}
            onChange={(value) => setValues((previous) => ({ ...previous, [name]: value }))}
            errors={fieldErrors[name]}
            isRequired={required}
            isReadOnly={save.isPending}
            autoFocus={name === 'email'}
          />
        ))}
      </div>
      {changesEmail && (
        <TextField
          name="current_password"
          type="password"
          autoComplete="current-password"
          label={t('settingsPages.account.currentPassword')}
          description={t('settingsPages.account.currentPasswordHint')}
          value={currentPassword}
          onChange={setCurrentPassword}
          errors={fieldErrors.current_password}
          isRequired
          isReadOnly={save.isPending}
        />
      )}
      <div className="section-actions">
        <ActionButton variant="secondary" testId="profile-cancel" isDisabled={save.isPending} onPress={onDone}>
          {t('common.cancel')}
        </ActionButton>
        <ActionButton type="submit" testId="profile-save" isPending={save.isPending}>
          {t('common.save')}
        </ActionButton>
      </div>
    </form>
  );
}
