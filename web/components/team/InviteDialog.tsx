import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import { INVITATIONS_QUERY_KEY, inviteMember } from '../../api/team';
import { ActionButton } from '../ActionButton';
import { apiDetail, apiFieldErrors } from '../form/apiErrors';
import { FormAlert } from '../form/FormAlert';
import { TextField } from '../form/TextField';
import { ModalDialog } from '../ModalDialog';
import { useToast } from '../toast/ToastProvider';

export function InviteDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const t = useT();
  const [isPending, setPending] = useState(false);
  return (
    <ModalDialog
      title={t('settingsPages.team.inviteTitle')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      testId="invite-dialog"
      isDismissable={!isPending}
    >
      <InviteForm onDone={() => onOpenChange(false)} onPendingChange={setPending} />
    </ModalDialog>
  );
}

/** Mounted with each opening, so every invitation starts from an empty field. */
function InviteForm({ onDone, onPendingChange }: { onDone: () => void; onPendingChange: (pending: boolean) => void }) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');

  const invite = useMutation({
    mutationFn: inviteMember,
    onMutate: () => onPendingChange(true),
    onSettled: () => onPendingChange(false),
    onSuccess: async (invitation) => {
      showToast(t('settingsPages.team.inviteSent', { email: invitation.email }), 'success');
      onDone();
      await queryClient.invalidateQueries({ queryKey: INVITATIONS_QUERY_KEY });
    },
  });

  const fieldErrors = apiFieldErrors(invite.error).email;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.trim() && !invite.isPending) invite.mutate(email.trim());
  };

  return (
    <form className="modal-form" noValidate onSubmit={submit}>
      <p className="modal-text">{t('settingsPages.team.inviteHelp')}</p>
      {invite.isError && !fieldErrors && (
        <FormAlert severity="error">{apiDetail(invite.error) ?? t('settingsPages.team.inviteError')}</FormAlert>
      )}
      <TextField
        name="email"
        type="email"
        autoComplete="off"
        label={t('settingsPages.fields.email')}
        value={email}
        onChange={setEmail}
        errors={fieldErrors}
        isRequired
        autoFocus
      />
      <div className="modal-actions">
        <ActionButton variant="secondary" isDisabled={invite.isPending} onPress={onDone}>
          {t('common.cancel')}
        </ActionButton>
        <ActionButton type="submit" testId="invite-submit" isDisabled={!email.trim()} isPending={invite.isPending}>
          {t('settingsPages.team.inviteSubmit')}
        </ActionButton>
      </div>
    </form>
  );
}
