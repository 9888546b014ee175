import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { LocalMediaStorage } from './local-media.storage.js';
import { MediaDeliveryService } from './media-delivery.service.js';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage.js';
import { MediaSweepService } from './media-sweep.service.js';
import { MediaUrls } from './media-urls.js';
import { MediaController } from './media.controller.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';
import { PUBLIC_MEDIA } from './public-media.js';
import { ResumableUploadService } from './resumable-upload.service.js';
import { UploadLockRepository } from './upload-lock.repository.js';
import { UploadLockService } from './upload-lock.service.js';

export { MEDIA_STORAGE } from './media-storage.js';

@Module({
  controllers: [MediaController],
  providers: [
    {
      provide: MEDIA_STORAGE,
      inject: [APP_CONFIG],
      // An S3-compatible bucket when S3_BUCKET is set, else files under DATA_DIR/media.
      // The AWS SDK is loaded only by deployments that use it.
      useFactory: async (config: AppConfig): Promise<MediaStorage> =>
        config.s3
          ? new (await import('./s3-media.storage.js')).S3MediaStorage(config.s3)
          : new LocalMediaStorage(config.uploads.mediaDir),
    },
    {
      provide: PUBLIC_MEDIA,
      inject: [APP_CONFIG, MEDIA_STORAGE],
      // The bucket serves published files itself only where an operator made its `public/` prefix readable.
      useFactory: (config: AppConfig, storage: MediaStorage) => (config.s3?.publicUrl ? storage : null),
    },
    MediaDeliveryService,
    MediaRepository,
    MediaService,
    MediaSweepService,
    MediaUrls,
    ResumableUploadService,
    UploadLockRepository,
    UploadLockService,
  ],
  exports: [MEDIA_STORAGE, PUBLIC_MEDIA, MediaService, MediaUrls, ResumableUploadService],
})
export class MediaModule implements OnApplicationShutdown {
  constructor(@Inject(MEDIA_STORAGE) private readonly storage: MediaStorage) {}

  onApplicationShutdown(): void {
    (this.storage as MediaStorage & { destroy?: () => void }).destroy?.();
  }
}
