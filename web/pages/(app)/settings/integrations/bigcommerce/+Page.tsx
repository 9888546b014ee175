import { useTranslation } from 'react-i18next';
import { Placeholder } from '../../../../../components/Placeholder';

export default function Page() {
  const { t } = useTranslation();
  return (
    <Placeholder page="bigcommerce" note={t('integrations.unavailable', { platform: t('pages.bigcommerce.title') })} />
  );
}
