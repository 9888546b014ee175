import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../i18n/useT';
import type { TTeamMember } from '../../../shared/accounts.js';
import { apiDetail } from '../form/apiErrors';
import { TEAM_MEMBERS_QUERY_KEY, removeMember } from '../../api/team';
import { ActionButton } from '../ActionButton';
import { ModalDialog } from '../ModalDialog';
import { memberName } from './TeamTable';
import { useToast } from '../toast/ToastProvider';

/** Asks before removing `member` from the workspace; closed while `member` is null. */
export function RemoveMemberDialog({ member, onClose }: { member: TTeamMember | null; onClose: () => void }) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();

  const remove = useMutation({
    mutationFn: (target: TTeamMember) => removeMember(target.id),
    onSuccess: async (_, target) => {
      showToast(t('settingsPages.team.removed', { name: memberName(target) }), 'success');
      onClose();
      await queryClient.invalidateQueries({ queryKey: TEAM_MEMBERS_QUERY_KEY });
    },
    onError: (error) => {
      showToast(apiDetail(error) ?? t('settingsPages.team.removeError'), 'error');
      onClose();
    },
  });

  return (
    <ModalDialog
      title={t('settingsPages.team.removeTitle')}
      isOpen={member !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      role="alertdialog"
      isDismissable={!remove.isPending}
    >
      {member && (
        <>
          <p className="modal-text">{t('settingsPages.team.removeBody', { name: memberName(member) })}</p>
          <div className="modal-actions">
            <ActionButton variant="secondary" isDisabled={remove.isPending} onPress={onClose}>
              {t('common.cancel')}
            </ActionButton>
            <ActionButton
              variant="danger"
              testId="confirm-remove"
              isPending={remove.isPending}
              onPress={() => remove.mutate(member)}
            >
              {t('settingsPages.team.removeConfirm')}
            </ActionButton>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
