import { Module } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { LocalMediaStorage } from './local-media.storage.js';
import { MEDIA_STORAGE, type MediaStorage } from './media-storage.js';
import { MediaController } from './media.controller.js';
import { MediaService } from './media.service.js';

export { MEDIA_STORAGE } from './media-storage.js';

@Module({
  controllers: [MediaController],
  providers: [
    {
      provide: MEDIA_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MediaStorage => new LocalMediaStorage(config.uploads.mediaDir),
    },
    MediaService,
  ],
  exports: [MEDIA_STORAGE, MediaService],
})
export class MediaModule {}
