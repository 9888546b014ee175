import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { TLanguage } from '../../shared/constants.js';
import { Clock } from '../common/clock.js';
import type { SecretPage } from '../common/secret-page.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { messagePage, messagePageCsp } from '../review-requests/review-page.html.js';
import { NotificationsRepository } from './notifications.repository.js';
import { UnsubscribeTokens } from './unsubscribe-token.js';

const TEXTS: Record<TLanguage, { done: [string, string]; unknown: [string, string] }> = {
  en: {
    done: [
      'You are unsubscribed',
      'You will no longer get emails about new reviews of {store}. To get them again, choose what you want in Account settings in the dashboard.',
    ],
    unknown: [
      'This link does not work',
      'It may be incomplete. Change your notifications in Account settings in the dashboard.',
    ],
  },
  es: {
    done: [
      'Te diste de baja',
      'Ya no recibirás correos sobre reseñas nuevas de {store}. Para volver a recibirlos, elige lo que quieres en Configuración de la cuenta del panel.',
    ],
    unknown: [
      'Este enlace no funciona',
      'Puede estar incompleto. Cambia tus notificaciones en Configuración de la cuenta del panel.',
    ],
  },
  pt: {
    done: [
      'Sua inscrição foi cancelada',
      'Você não receberá mais e-mails sobre novas avaliações de {store}. Para voltar a recebê-los, escolha o que deseja em Configurações da conta no painel.',
    ],
    unknown: [
      'Este link não funciona',
      'Ele pode estar incompleto. Altere suas notificações em Configurações da conta no painel.',
    ],
  },
};

/** The team notification mails' unsubscribe link: no login, one click turns the member's notifications off. */
@Injectable()
export class NotificationUnsubscribeService {
  private readonly tokens: UnsubscribeTokens;

  constructor(
    private readonly repository: NotificationsRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.tokens = new UnsubscribeTokens(config.secrets.encryptionKey);
  }

  /**
   * Nothing at once and no low-rating mails either: an unsubscribe stops every notification mail. `look` (a HEAD, a
   * mail scanner checking the link) changes nothing.
   */
  async unsubscribe(token: string, look = false): Promise<SecretPage> {
    const membershipId = this.tokens.read(token);
    const store = membershipId ? await this.repository.storeOfMembership(membershipId) : null;
    if (!membershipId || !store) {
      const [title, message] = TEXTS.en.unknown;
      return {
        ...this.page('en', title, message, ''),
        status: 404,
        error: { detail: 'This unsubscribe link is not valid.', code: 'not_found' },
      };
    }
    if (!look) {
      await this.repository.save(membershipId, { newReviews: 'none', lowRatingInstant: false }, this.clock.now());
    }
    const [title, message] = TEXTS[store.mainLanguage].done;
    return this.page(store.mainLanguage, title, message.replace('{store}', store.storeName), store.storeName);
  }

  private page(lang: TLanguage, title: string, message: string, storeName: string): SecretPage {
    const nonce = randomBytes(16).toString('base64url');
    return {
      status: 200,
      html: messagePage({ locale: lang, nonce, title, message, storeName, storeUrl: null }),
      csp: messagePageCsp(nonce),
    };
  }
}
