import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import '../../../../styles/developer-settings.css';
import '../../../../styles/api-keys.css';
import { API_KEY_PREFIX } from '../../../../../shared/api-key-options.js';
import type { TApiKey } from '../../../../../shared/api-keys.js';
import { can } from '../../../../../shared/session.js';
import { API_KEYS_QUERY_KEY, fetchApiKeys } from '../../../../api/apiKeys';
import { ActionButton } from '../../../../components/ActionButton';
import { ApiKeysTable } from '../../../../components/api-keys/ApiKeysTable';
import { CreateApiKeyDialog } from '../../../../components/api-keys/CreateApiKeyDialog';
import { RevokeApiKeyDialog } from '../../../../components/api-keys/RevokeApiKeyDialog';
import { FormAlert } from '../../../../components/form/FormAlert';
import { PageTitle } from '../../../../components/PageTitle';

export default function Page() {
  const t = useT();
  const { user } = usePageContext();
  const canManage = can(user, 'manage_integrations');
  const [createOpen, setCreateOpen] = useState(false);
  const [keyToRevoke, setKeyToRevoke] = useState<TApiKey | null>(null);
  // Members may not list the keys (the server answers 403): they never ask.
  const keys = useQuery({ queryKey: API_KEYS_QUERY_KEY, queryFn: fetchApiKeys, enabled: canManage });

  return (
    <>
      <div className="page-heading">
        <div>
          <PageTitle page="apiKeys" />
          <p className="page-lead">{t('pages.apiKeys.description')}</p>
        </div>
        {canManage && (
          <button
            type="button"
            className="button"
            data-testid="api-key-create-open"
            onClick={() => setCreateOpen(true)}
          >
            {t('settingsPages.apiKeys.create')}
          </button>
        )}
      </div>

      {!canManage ? (
        <FormAlert severity="info" testId="api-keys-owner-only">
          <p>{t('settingsPages.apiKeys.ownerOnly')}</p>
        </FormAlert>
      ) : (
        <div className="settings-sections">
          {keys.isError ? (
            <FormAlert severity="error" testId="api-keys-load-error">
              <p>{t('settingsPages.apiKeys.loadError')}</p>
              <ActionButton variant="secondary" isPending={keys.isFetching} onPress={() => void keys.refetch()}>
                {t('common.retry')}
              </ActionButton>
            </FormAlert>
          ) : (
            <ApiKeysTable keys={keys.data ?? []} isLoading={keys.isPending} onRevoke={setKeyToRevoke} />
          )}

          <section className="card settings-section" aria-labelledby="api-keys-usage-title">
            <h2 id="api-keys-usage-title" className="section-title">
              {t('settingsPages.apiKeys.usageTitle')}
            </h2>
            <p className="usage-text">{t('settingsPages.apiKeys.usageHeader')}</p>
            <pre className="code-block" data-testid="api-keys-header">
              <code>{`Authorization: Bearer ${API_KEY_PREFIX}…`}</code>
            </pre>
            <p className="usage-text">{t('settingsPages.apiKeys.usageRules')}</p>
            {/* rel="external": the reference is the server's page, not one of the dashboard's routes. */}
            <a href="/api/docs/" rel="external" data-testid="api-keys-docs">
              {t('settingsPages.apiKeys.docsLink')}
            </a>
          </section>

          <CreateApiKeyDialog isOpen={createOpen} onOpenChange={setCreateOpen} />
          <RevokeApiKeyDialog apiKey={keyToRevoke} onClose={() => setKeyToRevoke(null)} />
        </div>
      )}
    </>
  );
}
