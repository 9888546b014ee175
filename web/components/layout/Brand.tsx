import { useT } from '../../i18n/useT';

export function Brand() {
  const t = useT();
  return (
    <a className="brand" href="/">
      <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" />
        <path d="M12 9.5v13l11-6.5z" />
      </svg>
      <span>{t('app.name')}</span>
    </a>
  );
}
