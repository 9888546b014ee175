import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import { OVERRIDE_POSITIONS } from '../../../shared/widget-options.js';
import type { TOverridePosition } from '../../../shared/widgets.js';
import type { TProductWithOverride } from '../../api/widgets';
import { ActionButton } from '../ActionButton';
import { ModalDialog } from '../ModalDialog';
import { FormAlert } from '../form/FormAlert';
import { TextField } from '../form/TextField';
import { apiDetail, apiFieldErrors, type TFieldErrors } from '../form/apiErrors';
import { OptionSelect } from './OptionSelect';
import { SwitchField } from './SwitchField';
import { useProductOverride } from './useProductOverride';
import { compactErrors, selectorErrors } from './validation';

export interface ProductOverrideDialogProps {
  /** The product being edited; the dialog is closed while it is null. */
  product: TProductWithOverride | null;
  onClose: () => void;
}

export function ProductOverrideDialog({ product, onClose }: ProductOverrideDialogProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <ModalDialog
      title={t('widgets.override.title', { product: product?.name ?? '' })}
      isOpen={product !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      testId="override-dialog"
      isDismissable={!busy}
    >
      {product && <OverrideForm key={product.id} product={product} onClose={onClose} onBusyChange={setBusy} />}
    </ModalDialog>
  );
}

/** Keyed by product, so each opening starts from that product's saved override (or the global setup). */
function OverrideForm({
  product,
  onClose,
  onBusyChange,
}: {
  product: TProductWithOverride;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const t = useT();
  const { override } = product;
  const [position, setPosition] = useState<TOverridePosition>(override?.position ?? 'global');
  const [selector, setSelector] = useState(override?.custom_selector ?? '');
  const [enabled, setEnabled] = useState(override?.enabled ?? true);
  const [clientErrors, setClientErrors] = useState<TFieldErrors>({});
  const { save, remove } = useProductOverride();
  const busy = save.isPending || remove.isPending;
  const failed = save.error ?? remove.error;
  const errors = { ...apiFieldErrors(failed), ...clientErrors };
  const detail = failed && Object.keys(errors).length === 0 ? apiDetail(failed) : undefined;
  const isCustom = position === 'custom';

  const settled = { onSuccess: onClose, onSettled: () => onBusyChange(false) };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = compactErrors({ custom_selector: selectorErrors(t, position, isCustom ? selector : '') });
    setClientErrors(found);
    if (Object.keys(found).length > 0) return;
    onBusyChange(true);
    remove.reset();
    save.mutate(
      { product_id: product.external_id, position, custom_selector: isCustom ? selector.trim() : null, enabled },
      settled,
    );
  };

  const removeOverride = () => {
    if (!override || busy) return;
    onBusyChange(true);
    save.reset();
    remove.mutate(override.id, settled);
  };

  return (
    <form className="modal-form" onSubmit={submit} noValidate>
      <p className="modal-text">{t('widgets.override.lead')}</p>
      {detail && <FormAlert severity="error">{detail}</FormAlert>}
      <OptionSelect
        name="position"
        options={OVERRIDE_POSITIONS}
        optionLabel={(option) => t(`widgets.positions.${option}`)}
        value={position}
        onChange={(next) => {
          setClientErrors({});
          setPosition(next);
        }}
        label={t('widgets.override.position')}
        testId="override-position"
        errors={errors.position}
        isDisabled={busy}
      />
      {isCustom && (
        <TextField
          name="custom_selector"
          label={t('widgets.global.customSelector')}
          description={t('widgets.global.customSelectorHelp')}
          value={selector}
          onChange={(value) => {
            setClientErrors({});
            setSelector(value);
          }}
          errors={errors.custom_selector}
          isRequired
          isDisabled={busy}
        />
      )}
      <SwitchField
        name="enabled"
        testId="override-enabled"
        label={t('widgets.override.enabled')}
        isSelected={enabled}
        onChange={setEnabled}
        isDisabled={busy}
      />
      <div className="modal-actions">
        {override && (
          <ActionButton variant="danger" testId="override-remove" isPending={remove.isPending} onPress={removeOverride}>
            {t('widgets.override.remove')}
          </ActionButton>
        )}
        <ActionButton variant="secondary" isDisabled={busy} onPress={onClose}>
          {t('widgets.override.cancel')}
        </ActionButton>
        <ActionButton type="submit" testId="override-save" isPending={save.isPending}>
          {t('widgets.override.save')}
        </ActionButton>
      </div>
    </form>
  );
}
