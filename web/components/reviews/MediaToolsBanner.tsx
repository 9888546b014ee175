import { usePageContext } from 'vike-react/usePageContext';
import { can } from '../../../shared/session.js';
import { useMediaStatus } from '../../api/reviews';
import { useLanguage } from '../../i18n/useLanguage';
import { useT } from '../../i18n/useT';
import { listFormat } from '../../lib/intlFormat';
import { FormAlert } from '../form/FormAlert';

/**
 * Why the store's videos wait, for the owners (who run or can reach whoever runs the server): ffmpeg or ffprobe is
 * missing there, and the command that installs them. Nothing while media processing is off or the tools are there.
 */
export function MediaToolsBanner() {
  const t = useT();
  const { language } = useLanguage();
  const { user } = usePageContext();
  const { data } = useMediaStatus(can(user, 'manage_store'));
  if (!data?.processing || !data.missing.length) return null;
  const tools = { tools: listFormat(language).format(data.missing), count: data.missing.length };
  return (
    <div className="reviews-notice">
      <FormAlert severity="warning" testId="media-tools-banner">
        <p>
          <strong>{t('reviews.mediaTools.title')}</strong> {t('reviews.mediaTools.body', tools)}
          {data.waiting_videos > 0 && <> {t('reviews.mediaTools.waiting', { count: data.waiting_videos })}</>}
        </p>
        {data.install && (
          <p>
            {t('reviews.mediaTools.install', { count: data.missing.length })}{' '}
            <code data-testid="media-tools-install">{data.install}</code>
          </p>
        )}
      </FormAlert>
    </div>
  );
}
