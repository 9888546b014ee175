import { Injectable, Logger } from '@nestjs/common';

type Listener = (merchantId: string) => Promise<void>;

/**
 * Told when a store's widget settings are saved, for what keeps a copy of them elsewhere (a platform's theme reads
 * the layout to draw the widget's skeleton). A listener's failure is logged: the settings are saved either way.
 */
@Injectable()
export class WidgetSettingsEvents {
  private readonly logger = new Logger(WidgetSettingsEvents.name);
  private readonly listeners: Listener[] = [];

  on(listener: Listener): void {
    this.listeners.push(listener);
  }

  async saved(merchantId: string): Promise<void> {
    for (const listener of this.listeners) {
      await listener(merchantId).catch((err: unknown) =>
        this.logger.warn({ err, merchantId }, 'A copy of the widget settings was not updated'),
      );
    }
  }
}
