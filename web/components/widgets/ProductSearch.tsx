import { Button, Input, Label, SearchField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '../icons';

export function ProductSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <SearchField className="review-search" value={value} onChange={onChange} maxLength={200}>
      <Label className="visually-hidden">{t('widgets.products.search.label')}</Label>
      <SearchIcon />
      <Input
        className="input review-search-input"
        data-testid="products-search"
        placeholder={t('widgets.products.search.placeholder')}
      />
      <Button className="icon-button review-search-clear" aria-label={t('widgets.products.search.clear')}>
        <CloseIcon />
      </Button>
    </SearchField>
  );
}
