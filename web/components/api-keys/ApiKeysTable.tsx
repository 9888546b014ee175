import { useTranslation } from 'react-i18next';
import type { TApiKey } from '../../../shared/api-keys.js';
import { useDateFormat } from '../../lib/useDateFormat';
import { SkeletonRows } from '../SkeletonRows';
import { TableScroll } from '../TableScroll';

export interface ApiKeysTableProps {
  keys: readonly TApiKey[];
  isLoading: boolean;
  onRevoke: (key: TApiKey) => void;
}

const COLUMNS = 7;
const SKELETON_ROWS = 2;

/** The store's keys, newest first: live ones with a Revoke action, revoked ones kept for the record. */
export function ApiKeysTable({ keys, isLoading, onRevoke }: ApiKeysTableProps) {
  const { t } = useTranslation();
  return (
    <TableScroll label={t('settingsPages.apiKeys.tableCaption')}>
      <table className="data-table api-keys-table" data-testid="api-keys-table" aria-busy={isLoading || undefined}>
        <caption className="visually-hidden">{t('settingsPages.apiKeys.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" data-column="name">
              {t('settingsPages.apiKeys.columns.name')}
            </th>
            <th scope="col" data-column="key">
              {t('settingsPages.apiKeys.columns.key')}
            </th>
            <th scope="col" data-column="scopes">
              {t('settingsPages.apiKeys.columns.scopes')}
            </th>
            <th scope="col" data-column="created">
              {t('settingsPages.apiKeys.columns.created')}
            </th>
            <th scope="col" data-column="last-used">
              {t('settingsPages.apiKeys.columns.lastUsed')}
            </th>
            <th scope="col" data-column="status">
              {t('settingsPages.apiKeys.columns.status')}
            </th>
            <th scope="col" data-column="actions">
              <span className="visually-hidden">{t('settingsPages.apiKeys.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {isLoading && <SkeletonRows rows={SKELETON_ROWS} columns={COLUMNS} />}
          {!isLoading && keys.length === 0 && (
            <tr>
              <td className="table-empty" colSpan={COLUMNS} data-testid="api-keys-empty">
                {t('settingsPages.apiKeys.empty')}
              </td>
            </tr>
          )}
          {!isLoading && keys.map((key) => <ApiKeyRow key={key.id} apiKey={key} onRevoke={onRevoke} />)}
        </tbody>
      </table>
    </TableScroll>
  );
}

function ApiKeyRow({ apiKey, onRevoke }: { apiKey: TApiKey; onRevoke: (key: TApiKey) => void }) {
  const { t } = useTranslation();
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
        <ul className="api-key-scopes" data-testid="api-key-scopes">
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
