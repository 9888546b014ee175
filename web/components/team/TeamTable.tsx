import { useT } from '../../i18n/useT';
import type { TInvitation, TTeamMember } from '../../../shared/accounts.js';
import { useDateFormat } from '../../lib/useDateFormat';
import { CloseIcon } from '../icons';
import { SkeletonRows } from '../SkeletonRows';
import { TableScroll } from '../TableScroll';

export type TTeamRow = { kind: 'member'; member: TTeamMember } | { kind: 'invitation'; invitation: TInvitation };

export interface TeamTableProps {
  rows: readonly TTeamRow[];
  isLoading: boolean;
  /** Owners: an X button on each removable member and each invitation. */
  canManage: boolean;
  currentUserId: string | undefined;
  /** Id of the invitation being cancelled, whose button waits for the answer. */
  cancellingId: string | undefined;
  onRemoveMember: (member: TTeamMember) => void;
  onCancelInvitation: (invitation: TInvitation) => void;
}

const SKELETON_ROWS = 3;

export function TeamTable({ rows, isLoading, canManage, ...rowProps }: TeamTableProps) {
  const t = useT();
  const columns = canManage ? 5 : 4;

  return (
    <TableScroll label={t('settingsPages.team.tableCaption')}>
      <table className="data-table team-table" data-testid="team-table" aria-busy={isLoading || undefined}>
        <caption className="visually-hidden">{t('settingsPages.team.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" data-column="member">
              {t('settingsPages.team.columns.member')}
            </th>
            <th scope="col" data-column="role">
              {t('settingsPages.team.columns.role')}
            </th>
            <th scope="col" data-column="status">
              {t('settingsPages.team.columns.status')}
            </th>
            <th scope="col" data-column="date">
              {t('settingsPages.team.columns.date')}
            </th>
            {canManage && (
              <th scope="col" data-column="actions">
                <span className="visually-hidden">{t('settingsPages.team.columns.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {isLoading && <SkeletonRows rows={SKELETON_ROWS} columns={columns} />}
          {!isLoading && rows.length === 0 && (
            <tr>
              <td className="table-empty" colSpan={columns}>
                {t('settingsPages.team.empty')}
              </td>
            </tr>
          )}
          {!isLoading &&
            rows.map((row) =>
              row.kind === 'member' ? (
                <MemberRow key={`m-${row.member.id}`} member={row.member} canManage={canManage} {...rowProps} />
              ) : (
                <InvitationRow
                  key={`i-${row.invitation.id}`}
                  invitation={row.invitation}
                  canManage={canManage}
                  {...rowProps}
                />
              ),
            )}
        </tbody>
      </table>
    </TableScroll>
  );
}

type TRowProps = Omit<TeamTableProps, 'rows' | 'isLoading'>;

function MemberRow({ member, canManage, currentUserId, onRemoveMember }: TRowProps & { member: TTeamMember }) {
  const t = useT();
  const formatDate = useDateFormat();
  const name = memberName(member);
  const isOwner = member.role === 'owner';

  return (
    <tr
      className="team-row"
      data-testid="team-row"
      data-email={member.email}
      data-status="active"
      data-role={member.role}
    >
      <td data-column="member">
        <span className="team-person">
          <span className="team-name">
            {name}
            {member.id === currentUserId && <span className="team-you"> · {t('settingsPages.team.you')}</span>}
          </span>
          {name !== member.email && <span className="team-email">{member.email}</span>}
        </span>
      </td>
      <td data-column="role">
        <RoleChip role={member.role} />
      </td>
      <td data-column="status">
        <span className="chip chip-tint chip-active">{t('settingsPages.team.status.active')}</span>
      </td>
      <td data-column="date">{formatDate(member.date_joined)}</td>
      {canManage && (
        <td className="table-actions" data-column="actions">
          {!isOwner && (
            <button
              type="button"
              className="icon-button"
              data-testid="remove-member"
              aria-label={t('settingsPages.team.remove', { name })}
              onClick={() => onRemoveMember(member)}
            >
              <CloseIcon />
            </button>
          )}
        </td>
      )}
    </tr>
  );
}

function InvitationRow({
  invitation,
  canManage,
  cancellingId,
  onCancelInvitation,
}: TRowProps & { invitation: TInvitation }) {
  const t = useT();
  const formatDate = useDateFormat();

  return (
    <tr
      className="team-row"
      data-testid="team-row"
      data-email={invitation.email}
      data-status="invited"
      data-role="member"
    >
      <td data-column="member">
        <span className="team-person">
          <span className="team-name">{invitation.email}</span>
          <span className="team-email">
            {t('settingsPages.team.expires', { date: formatDate(invitation.expires_at) })}
          </span>
        </span>
      </td>
      <td data-column="role">
        <RoleChip role="member" />
      </td>
      <td data-column="status">
        <span className="chip chip-tint chip-invited">{t('settingsPages.team.status.invited')}</span>
      </td>
      <td data-column="date">{formatDate(invitation.created_at)}</td>
      {canManage && (
        <td className="table-actions" data-column="actions">
          <button
            type="button"
            className="icon-button"
            data-testid="cancel-invitation"
            aria-label={t('settingsPages.team.cancelInvitation', { email: invitation.email })}
            disabled={cancellingId === invitation.id}
            onClick={() => onCancelInvitation(invitation)}
          >
            <CloseIcon />
          </button>
        </td>
      )}
    </tr>
  );
}

export function memberName(member: TTeamMember): string {
  return member.name.trim() || `${member.first_name} ${member.last_name}`.trim() || member.email;
}

const ROLE_LABEL_KEYS = {
  owner: 'settingsPages.team.roles.owner',
  member: 'settingsPages.team.roles.member',
} as const;

/** Owners get the primary colour (SPEC §6); a role the dashboard does not know shows its group name. */
function RoleChip({ role }: { role: string }) {
  const t = useT();
  const key = ROLE_LABEL_KEYS[role as keyof typeof ROLE_LABEL_KEYS];
  return (
    <span className={role === 'owner' ? 'chip chip-owner' : 'chip'} data-testid="role-chip">
      {key ? t(key) : role}
    </span>
  );
}
