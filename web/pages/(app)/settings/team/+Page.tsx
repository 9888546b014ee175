import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import type { TInvitation, TTeamMember } from '../../../../../shared/accounts.js';
import { can } from '../../../../../shared/session.js';
import {
  INVITATIONS_QUERY_KEY,
  TEAM_MEMBERS_QUERY_KEY,
  cancelInvitation,
  fetchInvitations,
  fetchTeamMembers,
} from '../../../../api/team';
import { apiDetail } from '../../../../components/form/apiErrors';
import { FormAlert } from '../../../../components/form/FormAlert';
import { PageTitle } from '../../../../components/PageTitle';
import { InviteDialog } from '../../../../components/team/InviteDialog';
import { RemoveMemberDialog } from '../../../../components/team/RemoveMemberDialog';
import { TeamTable, type TTeamRow } from '../../../../components/team/TeamTable';
import { useToast } from '../../../../components/toast/ToastProvider';

export default function Page() {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const { user } = usePageContext();
  const canManage = can(user, 'manage_team');
  const [inviteOpen, setInviteOpen] = useState(false);
  const [memberToRemove, setMemberToRemove] = useState<TTeamMember | null>(null);

  const members = useQuery({ queryKey: TEAM_MEMBERS_QUERY_KEY, queryFn: fetchTeamMembers });
  // Members may not list invitations (the server answers 403): they never ask.
  const invitations = useQuery({ queryKey: INVITATIONS_QUERY_KEY, queryFn: fetchInvitations, enabled: canManage });

  const cancel = useMutation({
    mutationFn: (invitation: TInvitation) => cancelInvitation(invitation.id),
    onSuccess: async (_, invitation) => {
      showToast(t('settingsPages.team.invitationCancelled', { email: invitation.email }), 'success');
      await queryClient.invalidateQueries({ queryKey: INVITATIONS_QUERY_KEY });
    },
    onError: (error) => showToast(apiDetail(error) ?? t('settingsPages.team.cancelError'), 'error'),
  });

  const rows: TTeamRow[] = [
    ...(members.data ?? []).map((member) => ({ kind: 'member' as const, member })),
    ...(invitations.data ?? []).map((invitation) => ({ kind: 'invitation' as const, invitation })),
  ];

  return (
    <>
      <div className="page-heading">
        <div>
          <PageTitle page="team" />
          <p className="page-lead">{t('pages.team.description')}</p>
        </div>
        {canManage && (
          <button type="button" className="button" data-testid="invite-open" onClick={() => setInviteOpen(true)}>
            {t('settingsPages.team.invite')}
          </button>
        )}
      </div>

      {members.isError ? (
        <LoadError message={t('settingsPages.team.loadError')} onRetry={() => void members.refetch()} />
      ) : (
        <>
          {invitations.isError && (
            <LoadError
              message={t('settingsPages.team.invitationsLoadError')}
              onRetry={() => void invitations.refetch()}
            />
          )}
          <TeamTable
            rows={rows}
            isLoading={members.isPending || (canManage && invitations.isPending)}
            canManage={canManage}
            currentUserId={user?.id}
            cancellingId={cancel.isPending ? cancel.variables.id : undefined}
            onRemoveMember={setMemberToRemove}
            onCancelInvitation={(invitation) => cancel.mutate(invitation)}
          />
        </>
      )}

      {canManage && (
        <>
          <InviteDialog isOpen={inviteOpen} onOpenChange={setInviteOpen} />
          <RemoveMemberDialog member={memberToRemove} onClose={() => setMemberToRemove(null)} />
        </>
      )}
    </>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <FormAlert severity="error">
      <p>{message}</p>
      <button type="button" className="button button-secondary button-small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </FormAlert>
  );
}
