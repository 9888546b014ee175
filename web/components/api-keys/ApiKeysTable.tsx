import { useT } from '../../i18n/useT';
import type { TApiKey } from '../../../shared/api-keys.js';
import { useDateFormat } from '../../lib/useDateFormat';
import { DataTable } from '../DataTable';

export interface ApiKeysTableProps {
  keys: readonly TApiKey[];
  isLoading: boolean;
  onRevoke: (key: TApiKey) => void;
}

const SKELETON_ROWS = 2;

/** The store's keys, newest first: live ones with a Revoke action, revoked ones kept for the record. */
export function ApiKeysTable({ keys, isLoading, onRevoke }: ApiKeysTableProps) {
  const t = useT();
  return (
    <DataTable
      caption={t('settingsPages.apiKeys.tableCaption')}
      className="api-keys-table code-table cards-when-narrow"
      testId="api-keys-table"
      columns={[
        { key: 'name', label: t('settingsPages.apiKeys.columns.name') },
        { key: 'key', label: t('settingsPages.apiKeys.columns.key') },
        { key: 'scopes', label: t('settingsPages.apiKeys.columns.scopes') },
        { key: 'created', label: t('settingsPages.apiKeys.columns.created') },
        { key: 'last-used', label: t('settingsPages.apiKeys.columns.lastUsed') },
        { key: 'status', label: t('settingsPages.apiKeys.columns.status') },
        { key: 'actions', label: t('settingsPages.apiKeys.columns.actions'), hidden: true },
      ]}
      isLoading={isLoading}
      skeletonRows={SKELETON_ROWS}
      isEmpty={keys.length === 0}
      empty={t('settingsPages.apiKeys.empty')}
      emptyTestId="api-keys-empty"
    >
      {keys.map((key) => (
        <ApiKeyRow key={key.id} apiKey={key} onRevoke={onRevoke} />
      ))}
    </DataTable>
  );
}

function ApiKeyRow({ apiKey, onRevoke }: { apiKey: TApiKey; onRevoke: (key: TApiKey) => void }) {
  const t = useT();
  const formatDate = useDateFormat();
  const formatTime = useDateFormat(true);
  const revoked = apiKey.revoked_at !== null;

  return (
    <tr
      className="api-key-row"
      data-testid="api-key-row"
      data-id={apiKey.id}
      data-status={revoked ? 'revoked' : 'active'}
    >
      <td data-column="name" className="api-key-name">
        {apiKey.name}
      </td>
      <td data-column="key">
        <code className="api-key-prefix" data-testid="api-key-prefix">
          {apiKey.prefix}…
        </code>
      </td>
      <td data-column="scopes">
        <ul className="code-tags" data-testid="api-key-scopes">
          {apiKey.scopes.map((scope) => (
            <li key={scope}>
              <code>{scope}</code>
            </li>
          ))}
        </ul>
      </td>
      <td data-column="created">{formatDate(apiKey.created_at)}</td>
      <td data-column="last-used" data-testid="api-key-last-used">
        {apiKey.last_used_at ? (
          <span className="api-key-use">
            <span>{formatTime(apiKey.last_used_at)}</span>
            {apiKey.last_used_ip && (
              <span className="api-key-address">
                {t('settingsPages.apiKeys.fromAddress', { address: apiKey.last_used_ip })}
              </span>
            )}
          </span>
        ) : (
          <span className="api-key-never">{t('settingsPages.apiKeys.never')}</span>
        )}
      </td>
      <td data-column="status" data-testid="api-key-status">
        {apiKey.revoked_at ? (
          <span className="chip">{t('settingsPages.apiKeys.revokedOn', { date: formatDate(apiKey.revoked_at) })}</span>
        ) : (
          <span className="chip chip-tint chip-active">{t('settingsPages.apiKeys.active')}</span>
        )}
      </td>
      <td className="table-actions" data-column="actions">
        {!revoked && (
          <button
            type="button"
            className="button button-secondary button-small"
            data-testid="api-key-revoke"
            aria-label={t('settingsPages.apiKeys.revokeLabel', { name: apiKey.name })}
            onClick={() => onRevoke(apiKey)}
          >
            {t('settingsPages.apiKeys.revoke')}
          </button>
        )}
      </td>
    </tr>
  );
}
