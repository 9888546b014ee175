import { useT } from '../i18n/useT';
import { useConfig } from 'vike-react/useConfig';
import type en from '../i18n/en.json';

export type TPageKey = keyof typeof en.pages;

/** The page's <h1>; also sets the document title, in the current language. */
export function PageTitle({ page }: { page: TPageKey }) {
  const t = useT();
  const title = t(`pages.${page}.title`);
  useConfig()({ title: t('app.titleTemplate', { page: title }) });
  return <h1 className="page-title">{title}</h1>;
}
