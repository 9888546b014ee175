import { useId } from 'react';
import { useT } from '../../../i18n/useT';
import type { TTiendaNubeIntegration } from '../../../../shared/integrations.js';
import { ExternalLinkButton } from '../../ExternalLinkButton';
import { FormAlert } from '../../form/FormAlert';
import { CheckIcon } from '../../icons';
import { SetupStep } from '../SetupStep';

interface CheckItem {
  key: 'installed' | 'script' | 'products' | 'storefront';
  /** undefined: something only the merchant can see (their storefront). */
  done: boolean | undefined;
}

/** SPEC §2 Tienda Nube page, once loaded: the connection, the two ways to install, the verification checklist. */
export function TiendaNubeSetup({ integration }: { integration: TTiendaNubeIntegration }) {
  const t = useT();
  const checklistId = useId();
  const { connected, store_name, store_url, install_url, support_email } = integration;
  const checklist: CheckItem[] = [
    { key: 'installed', done: connected },
    { key: 'script', done: connected && integration.script_installed },
    { key: 'products', done: connected && integration.products > 0 },
    { key: 'storefront', done: undefined },
  ];

  return (
    <>
      {connected && (
        <FormAlert severity="success" testId="tiendanube-connected">
          <p>{t('integrations.tiendanube.connected', { store: store_name })}</p>
          {store_url && <p className="alert-detail">{store_url}</p>}
        </FormAlert>
      )}
      <ol className="setup-steps" aria-label={t('integrations.tiendanube.optionsLabel')}>
        <SetupStep
          number={1}
          title={t('integrations.tiendanube.appStore.title')}
          done={connected || undefined}
          testId="tiendanube-option-1"
        >
          <p>{t('integrations.tiendanube.appStore.text')}</p>
          {install_url ? (
            <div className="setup-actions">
              <ExternalLinkButton href={install_url} testId="tiendanube-app-store">
                {t('integrations.tiendanube.appStore.button')}
              </ExternalLinkButton>
            </div>
          ) : (
            <p className="field-description" data-testid="tiendanube-unavailable">
              {t('integrations.tiendanube.appStore.unavailable')}
            </p>
          )}
        </SetupStep>
        {/* Only where the operator named a support address (SUPPORT_EMAIL): nobody reads the sending one. */}
        {support_email && (
          <SetupStep number={2} title={t('integrations.tiendanube.support.title')} testId="tiendanube-option-2">
            <p>{t('integrations.tiendanube.support.text')}</p>
            <p>
              <a
                href={`mailto:${support_email}?subject=${encodeURIComponent(t('integrations.tiendanube.support.subject'))}`}
                data-testid="tiendanube-support-email"
              >
                {support_email}
              </a>
            </p>
            <ul className="scope-list">
              <li>{t('integrations.tiendanube.support.storeUrl')}</li>
              <li>{t('integrations.tiendanube.support.accountEmail')}</li>
              <li>{t('integrations.tiendanube.support.extra')}</li>
            </ul>
          </SetupStep>
        )}
      </ol>
      <section className="card setup-note" data-testid="tiendanube-checklist" aria-labelledby={checklistId}>
        <h2 className="section-title" id={checklistId}>
          {t('integrations.tiendanube.checklist.title')}
        </h2>
        <ul className="checklist">
          {checklist.map(({ key, done }) => (
            <li
              key={key}
              data-testid={`tiendanube-check-${key}`}
              data-state={done === undefined ? undefined : done ? 'done' : 'todo'}
            >
              <span className="checklist-mark" aria-hidden="true">
                {done ? <CheckIcon /> : null}
              </span>
              <span>
                {key === 'products' && !connected
                  ? t('integrations.tiendanube.checklist.productsNone')
                  : t(`integrations.tiendanube.checklist.${key}`, { products: integration.products })}
                {done !== undefined && (
                  <span className="visually-hidden">
                    {' '}
                    {done ? t('integrations.stepDone') : t('integrations.tiendanube.checklist.notYet')}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
        {integration.ratings_refused && (
          <p className="field-error" data-testid="tiendanube-ratings-refused">
            {t('integrations.tiendanube.ratingsRefused')}
          </p>
        )}
      </section>
    </>
  );
}
