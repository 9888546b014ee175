import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  MODERATION_DEFAULTS,
  ZModerationSettings,
  type TModerationSettings,
  type TModerationSettingsPatch,
} from '../../shared/moderation.js';
import { ApiError } from '../common/api-error.js';
import { zodFields } from '../common/error-body.js';
import { ServerReaders } from '../ssr/server-readers.js';
import { ModerationRepository } from './moderation.repository.js';

/** A saved value merged over the defaults; one that no longer parses (an older shape) falls back to them. */
function merged(saved: Record<string, unknown> | null): TModerationSettings {
  const parsed = ZModerationSettings.safeParse({ ...MODERATION_DEFAULTS, ...(saved ?? {}) });
  return parsed.success ? parsed.data : ZModerationSettings.parse(MODERATION_DEFAULTS);
}

/** A store's moderation settings: what it saved, over MODERATION_DEFAULTS (manual moderation). */
@Injectable()
export class ModerationSettingsService implements OnModuleInit {
  constructor(
    private readonly repository: ModerationRepository,
    private readonly readers: ServerReaders,
  ) {}

  onModuleInit(): void {
    // The Moderation settings page, drawn with its form filled (the API route's permission).
    this.readers.register('moderationSettings', 'view_dashboard', (merchantId) => () => this.of(merchantId));
  }

  async of(merchantId: string): Promise<TModerationSettings> {
    return merged(await this.repository.settingsOf(merchantId));
  }

  async save(merchantId: string, patch: TModerationSettingsPatch): Promise<TModerationSettings> {
    const next = ZModerationSettings.safeParse({ ...(await this.of(merchantId)), ...patch });
    if (!next.success) throw ApiError.validation(zodFields(next.error));
    // One entry per word, whatever its case.
    const seen = new Set<string>();
    const blocked_words = next.data.blocked_words.filter((word) => {
      const key = word.toLocaleLowerCase('und');
      return !seen.has(key) && !!seen.add(key);
    });
    const settings = { ...next.data, blocked_words };
    await this.repository.saveSettings(merchantId, settings);
    return settings;
  }
}
