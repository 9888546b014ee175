import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import type { TChangePasswordBody } from '../../../shared/accounts.js';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants.js';
import { changePassword } from '../../api/profile';
import { ActionButton } from '../ActionButton';
import { apiDetail, apiFieldErrors, type TFieldErrors } from '../form/apiErrors';
import { TextField } from '../form/TextField';
import { ModalDialog } from '../ModalDialog';
import { useToast } from '../toast/ToastProvider';

type TPasswordField = keyof Required<TChangePasswordBody>;

const FIELDS = [
  { name: 'current_password', autoComplete: 'current-password', labelKey: 'settingsPages.password.current' },
  { name: 'new_password', autoComplete: 'new-password', labelKey: 'settingsPages.password.new' },
  { name: 'confirm_password', autoComplete: 'new-password', labelKey: 'settingsPages.password.confirm' },
] as const satisfies readonly { name: TPasswordField; autoComplete: string; labelKey: string }[];

const EMPTY: Record<TPasswordField, string> = { current_password: '', new_password: '', confirm_password: '' };

export function ChangePasswordDialog() {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const [isPending, setPending] = useState(false);

  return (
    <>
      <ActionButton variant="secondary" testId="change-password-open" onPress={() => setOpen(true)}>
        {t('settingsPages.password.open')}
      </ActionButton>
      <ModalDialog
        title={t('settingsPages.password.dialogTitle')}
        isOpen={isOpen}
        onOpenChange={setOpen}
        testId="change-password-dialog"
        isDismissable={!isPending}
      >
        <ChangePasswordForm onDone={() => setOpen(false)} onPendingChange={setPending} />
      </ModalDialog>
    </>
  );
}

/** Mounted with each opening, so no password lingers in state after the dialog closes. */
function ChangePasswordForm({
  onDone,
  onPendingChange,
}: {
  onDone: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const t = useT();
  const { showToast } = useToast();
  const [values, setValues] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});

  const change = useMutation({
    mutationFn: changePassword,
    onMutate: () => onPendingChange(true),
    onSettled: () => onPendingChange(false),
    onSuccess: () => {
      showToast(t('settingsPages.password.changed'), 'success');
      onDone();
    },
    onError: (error) => {
      const fields = apiFieldErrors(error);
      setFieldErrors(fields);
      if (Object.keys(fields).length === 0) {
        showToast(apiDetail(error) ?? t('settingsPages.password.error'), 'error');
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const errors: TFieldErrors = {};
    for (const { name } of FIELDS) if (!values[name]) errors[name] = [t('common.required')];
    if (!errors.confirm_password && values.confirm_password !== values.new_password) {
      errors.confirm_password = [t('settingsPages.password.mismatch')];
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length === 0) change.mutate(values);
  };

  return (
    <form className="form modal-form" noValidate aria-busy={change.isPending} onSubmit={submit}>
      {FIELDS.map(({ name, autoComplete, labelKey }) => (
        <TextField
          key={name}
          name={name}
          type="password"
          autoComplete={autoComplete}
          label={t(labelKey)}
          value={values[name]}
          onChange={(value) => setValues((previous) => ({ ...previous, [name]: value }))}
          errors={fieldErrors[name]}
          isRequired
          isReadOnly={change.isPending}
          autoFocus={name === 'current_password'}
          description={
            name === 'new_password' ? t('settingsPages.password.hint', { min: PASSWORD_MIN_LENGTH }) : undefined
          }
        />
      ))}
      <div className="modal-actions">
        <ActionButton variant="secondary" isDisabled={change.isPending} onPress={onDone}>
          {t('common.cancel')}
        </ActionButton>
        <ActionButton type="submit" testId="change-password-submit" isPending={change.isPending}>
          {t('settingsPages.password.submit')}
        </ActionButton>
      </div>
    </form>
  );
}
