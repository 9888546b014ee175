import { useTranslation } from 'react-i18next';
import { PageTitle, type TPageKey } from './PageTitle';

export interface PlaceholderProps {
  page: TPageKey;
  variant?: 'section' | 'form';
  /** Replaces the default note, e.g. to say what is not available rather than when it arrives. */
  note?: string;
}

/** A route whose screen ships in a later release: its title and an honest note, no made-up data. */
export function Placeholder({ page, variant = 'section', note }: PlaceholderProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle page={page} />
      <p className="page-lead">
        {note ?? (variant === 'form' ? t('placeholder.formLater') : t('placeholder.sectionLater'))}
      </p>
    </>
  );
}
