import { useTranslation } from 'react-i18next';
import { PageTitle, type TPageKey } from './PageTitle';

/** A route whose screen ships in a later release: its title and an honest note, no made-up data. */
export function Placeholder({ page, variant = 'section' }: { page: TPageKey; variant?: 'section' | 'form' }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle page={page} />
      <p className="page-lead">{variant === 'form' ? t('placeholder.formLater') : t('placeholder.sectionLater')}</p>
    </>
  );
}
