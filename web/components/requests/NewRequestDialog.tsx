import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import { REQUEST_LOCALES, REQUEST_MAX_PRODUCTS, ZReviewRequestCreate } from '../../../shared/review-requests.js';
import { createReviewRequest, invalidateRequestQueries } from '../../api/reviewRequests';
import { ActionButton } from '../ActionButton';
import { ModalDialogView } from '../ModalDialogView';
import { FormAlert } from '../form/FormAlert';
import { TextField } from '../form/TextField';
import { apiDetail, apiFieldErrors, type TFieldErrors } from '../form/apiErrors';
import { useToast } from '../toast/ToastProvider';
import { OptionSelect } from '../widgets/OptionSelect';
import { zodFieldErrors } from './zodErrors';

export interface NewRequestDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

type TLocaleOption = 'store' | (typeof REQUEST_LOCALES)[number];
const LOCALE_OPTIONS: readonly TLocaleOption[] = ['store', ...REQUEST_LOCALES];

interface TProductDraft {
  id: string;
  name: string;
  url: string;
  image_url: string;
}

const EMPTY_PRODUCT: TProductDraft = { id: '', name: '', url: '', image_url: '' };

/** A request for an order from outside a platform (POST /api/review-requests/), checked with the API's own schema. */
export function NewRequestDialog({ isOpen, onClose }: NewRequestDialogProps) {
  const t = useT();
  const [isPending, setPending] = useState(false);
  return (
    <ModalDialogView
      title={t('requests.create.title')}
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      testId="create-dialog"
      isDismissable={!isPending}
      wide
    >
      <NewRequestForm onDone={onClose} onPendingChange={setPending} />
    </ModalDialogView>
  );
}

/** Mounted with each opening, so every request starts from empty fields. */
function NewRequestForm({ onDone, onPendingChange }: { onDone: () => void; onPendingChange: (p: boolean) => void }) {
  const t = useT();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [locale, setLocale] = useState<TLocaleOption>('store');
  const [orderId, setOrderId] = useState('');
  const [products, setProducts] = useState<TProductDraft[]>([EMPTY_PRODUCT]);
  const [clientErrors, setClientErrors] = useState<TFieldErrors>({});

  const create = useMutation({
    mutationFn: createReviewRequest,
    onMutate: () => onPendingChange(true),
    onSettled: () => onPendingChange(false),
    onSuccess: async () => {
      showToast(t('requests.toasts.created'), 'success');
      onDone();
      await invalidateRequestQueries(queryClient);
    },
  });
  const errors = { ...apiFieldErrors(create.error), ...clientErrors };
  const detail = create.isError && Object.keys(apiFieldErrors(create.error)).length === 0;

  const setProduct = (index: number, patch: Partial<TProductDraft>) =>
    setProducts((list) => list.map((product, i) => (i === index ? { ...product, ...patch } : product)));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = ZReviewRequestCreate.safeParse({
      customer_email: email.trim(),
      customer_name: name,
      locale: locale === 'store' ? null : locale,
      order_id: orderId,
      products: products.map((product) => ({
        id: product.id,
        name: product.name,
        url: product.url.trim() || null,
        image_url: product.image_url.trim() || null,
      })),
    });
    if (!parsed.success) {
      setClientErrors(
        zodFieldErrors(parsed.error, t, {
          customer_email: t('requests.create.errors.email'),
          order_id: t('requests.create.errors.order_id'),
          id: t('requests.create.errors.id'),
          name: t('requests.create.errors.name'),
          url: t('requests.create.errors.url'),
          image_url: t('requests.create.errors.url'),
          products: t('requests.create.errors.products'),
        }),
      );
      return;
    }
    setClientErrors({});
    create.mutate(parsed.data);
  };

  return (
    <form className="modal-form request-form" noValidate onSubmit={submit} data-testid="create-form">
      {detail && <FormAlert severity="error">{apiDetail(create.error) ?? t('requests.toasts.actionError')}</FormAlert>}
      <div className="form-row">
        <TextField
          name="customer_email"
          type="email"
          autoComplete="off"
          label={t('requests.create.email')}
          value={email}
          onChange={setEmail}
          errors={errors.customer_email}
          isRequired
          autoFocus
        />
        <TextField
          name="customer_name"
          autoComplete="off"
          label={t('requests.create.name')}
          value={name}
          onChange={setName}
          errors={errors.customer_name}
        />
      </div>
      <div className="form-row">
        <TextField
          name="order_id"
          label={t('requests.create.orderId')}
          value={orderId}
          onChange={setOrderId}
          errors={errors.order_id}
          isRequired
        />
        <OptionSelect
          name="locale"
          options={LOCALE_OPTIONS}
          optionLabel={(option) => (option === 'store' ? t('requests.create.localeStore') : t(`languages.${option}`))}
          value={locale}
          onChange={setLocale}
          label={t('requests.create.locale')}
          testId="create-locale"
          errors={errors.locale}
        />
      </div>
      <fieldset className="request-products-fieldset">
        <legend className="field-label">{t('requests.create.products')}</legend>
        {errors.products && <p className="field-error">{errors.products.join(' ')}</p>}
        {products.map((product, index) => (
          <div key={index} className="request-product-draft" data-testid="create-product">
            <div className="request-product-head">
              <span className="review-note">{t('requests.create.productHeading', { index: index + 1 })}</span>
              {products.length > 1 && (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => setProducts((list) => list.filter((_, i) => i !== index))}
                >
                  {t('requests.create.removeProduct', { index: index + 1 })}
                </button>
              )}
            </div>
            <div className="form-row">
              <TextField
                name={`products.${index}.id`}
                label={t('requests.create.productId')}
                value={product.id}
                onChange={(id) => setProduct(index, { id })}
                errors={errors[`products.${index}.id`]}
                isRequired
              />
              <TextField
                name={`products.${index}.name`}
                label={t('requests.create.productName')}
                value={product.name}
                onChange={(value) => setProduct(index, { name: value })}
                errors={errors[`products.${index}.name`]}
                isRequired
              />
            </div>
            <div className="form-row">
              <TextField
                name={`products.${index}.url`}
                type="url"
                label={t('requests.create.productUrl')}
                value={product.url}
                onChange={(url) => setProduct(index, { url })}
                errors={errors[`products.${index}.url`]}
              />
              <TextField
                name={`products.${index}.image_url`}
                type="url"
                label={t('requests.create.productImage')}
                value={product.image_url}
                onChange={(image_url) => setProduct(index, { image_url })}
                errors={errors[`products.${index}.image_url`]}
              />
            </div>
          </div>
        ))}
        {products.length < REQUEST_MAX_PRODUCTS && (
          <button
            type="button"
            className="button button-secondary button-small"
            data-testid="create-add-product"
            onClick={() => setProducts((list) => [...list, EMPTY_PRODUCT])}
          >
            {t('requests.create.addProduct')}
          </button>
        )}
      </fieldset>
      <div className="modal-actions">
        <ActionButton variant="secondary" isDisabled={create.isPending} onPress={onDone}>
          {t('requests.create.cancel')}
        </ActionButton>
        <ActionButton type="submit" testId="create-submit" isPending={create.isPending}>
          {t('requests.create.submit')}
        </ActionButton>
      </div>
    </form>
  );
}
