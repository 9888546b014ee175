import { useId } from 'react';
import { useT } from '../../../i18n/useT';
import type { TShopifyIntegration } from '../../../../shared/integrations.js';
import { ActionButton } from '../../ActionButton';
import { ExternalLinkButton } from '../../ExternalLinkButton';
import { SetupStep } from '../SetupStep';

export interface ShopifyEmbedStepProps {
  integration: TShopifyIntegration;
  /** A check (refetch) is under way. */
  isChecking: boolean;
  onCheckAgain: () => void;
}

type TEmbedState = 'on' | 'off' | 'unknown';

function embedState(enabled: boolean | null): TEmbedState {
  if (enabled === null) return 'unknown';
  return enabled ? 'on' : 'off';
}

/** Step 2: switch on the app embed in the theme editor; its state is read from the live theme. */
export function ShopifyEmbedStep({ integration, isChecking, onCheckAgain }: ShopifyEmbedStepProps) {
  const t = useT();
  const hintId = useId();
  const { theme_editor_url, embed_enabled, setup_complete, connected } = integration;
  const state = embedState(embed_enabled);

  return (
    <SetupStep
      number={2}
      title={t('integrations.shopify.embed.title')}
      done={embed_enabled === true || setup_complete}
      testId="shopify-step-2"
    >
      <p>{t('integrations.shopify.embed.text')}</p>
      <div className="setup-actions">
        {theme_editor_url ? (
          <ExternalLinkButton href={theme_editor_url} testId="shopify-theme-editor">
            {t('integrations.shopify.embed.open')}
          </ExternalLinkButton>
        ) : (
          <button
            type="button"
            className="button"
            data-testid="shopify-theme-editor"
            disabled
            aria-describedby={hintId}
          >
            {t('integrations.shopify.embed.open')}
          </button>
        )}
        <ActionButton variant="secondary" isPending={isChecking} testId="shopify-check-embed" onPress={onCheckAgain}>
          {t('integrations.shopify.embed.checkAgain')}
        </ActionButton>
      </div>
      {!theme_editor_url && (
        <p className="field-description" id={hintId}>
          {t('integrations.shopify.embed.needsConnection')}
        </p>
      )}
      {/* Announced when a check changes it. */}
      <p className="embed-status" aria-live="polite">
        <span>{t('integrations.shopify.embed.status')}</span>
        <span
          className={state === 'unknown' ? 'chip chip-embed' : 'chip chip-tint chip-embed'}
          data-testid="shopify-embed-status"
          data-state={state}
        >
          {t(`integrations.shopify.embed.${state}`)}
        </span>
        {state === 'unknown' && connected && (
          <span className="field-description">{t('integrations.shopify.embed.unknownHint')}</span>
        )}
      </p>
    </SetupStep>
  );
}
