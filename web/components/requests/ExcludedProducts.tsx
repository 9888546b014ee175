import { useState } from 'react';
import { useT } from '../../i18n/useT';
import { useProducts } from '../../api/widgets';
import { useSearchInput } from '../../lib/useListControls';
import { SearchBox } from '../SearchBox';
import { CloseIcon } from '../icons';

export interface ExcludedProductsProps {
  /** The products' platform ids (`external_id`). */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  isDisabled: boolean;
}

/** The products never asked about, found with the catalogue search the widget's per-product tab uses. */
export function ExcludedProducts({ value, onChange, isDisabled }: ExcludedProductsProps) {
  const t = useT();
  const { searchInput, setSearchInput, search } = useSearchInput();
  const found = useProducts({ page: 1, search });
  // The names of the products chosen here; a saved exclusion shows its id until the search meets it.
  const [names, setNames] = useState<Record<string, string>>({});
  const nameOf = (id: string) =>
    names[id] ?? found.data?.results.find((product) => product.external_id === id)?.name ?? id;

  return (
    <fieldset className="excluded-products" data-testid="excluded-products">
      <legend className="field-label">{t('requests.settings.excluded')}</legend>
      {value.length === 0 ? (
        <p className="review-note">{t('requests.settings.excludedNone')}</p>
      ) : (
        <ul className="excluded-list">
          {value.map((id) => (
            <li key={id} className="chip excluded-chip" data-testid="excluded-product" data-id={id}>
              {nameOf(id)}
              {!isDisabled && (
                <button
                  type="button"
                  className="icon-button excluded-remove"
                  aria-label={t('requests.settings.excludedRemove', { name: nameOf(id) })}
                  onClick={() => onChange(value.filter((other) => other !== id))}
                >
                  <CloseIcon />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!isDisabled && (
        <>
          <SearchBox
            value={searchInput}
            onChange={setSearchInput}
            label={t('requests.settings.excludedSearch')}
            placeholder={t('requests.settings.excludedSearch')}
            clearLabel={t('requests.search.clear')}
            testId="excluded-search"
          />
          {search && found.data && (
            <ul className="excluded-results" data-testid="excluded-results">
              {found.data.results.length === 0 && (
                <li className="review-note">{t('requests.settings.excludedNoMatch')}</li>
              )}
              {found.data.results.map((product) => (
                <li key={product.id}>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    data-testid="exclude-product"
                    disabled={value.includes(product.external_id)}
                    onClick={() => {
                      setNames((known) => ({ ...known, [product.external_id]: product.name }));
                      onChange([...value, product.external_id]);
                    }}
                  >
                    {t('requests.settings.excludedAdd', { name: product.name })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </fieldset>
  );
}
