import type { TRequestLocale } from '../../shared/review-requests.js';

/** The texts of the hosted review page (`/r/{token}`) and the unsubscribe page (`/u/{token}`); `{x}` are filled in. */
export interface TReviewPageStrings {
  title: string;
  greeting: string;
  greeting_anonymous: string;
  intro: string;
  intro_text_ok: string;
  done: string;
  to_review: string;
  your_review: string;
  stars: string;
  write_review: string;
  no_script: string;
  all_done_title: string;
  all_done: string;
  visit_store: string;
  unknown_title: string;
  unknown: string;
  expired_title: string;
  expired: string;
  closed_title: string;
  closed: string;
  uninstalled_title: string;
  uninstalled: string;
  unavailable_title: string;
  unavailable: string;
  unsubscribed_title: string;
  unsubscribed: string;
  resubscribe: string;
  resubscribed_title: string;
  resubscribed: string;
  unsubscribe_again: string;
}

export const REVIEW_PAGE_STRINGS: Record<TRequestLocale, TReviewPageStrings> = {
  en: {
    title: 'Review your order from {store}',
    greeting: 'Hi {name}, how was your order?',
    greeting_anonymous: 'How was your order?',
    intro: 'A short video helps other shoppers the most. You can also send a photo.',
    intro_text_ok:
      'A short video helps other shoppers the most. You can also send a photo, or just stars and a few words.',
    done: 'Reviewed',
    to_review: 'Not reviewed yet',
    your_review: 'Your review',
    stars: '{n} of 5 stars',
    write_review: 'Review this product',
    no_script: 'This page needs JavaScript to record and send your review.',
    all_done_title: 'Thank you!',
    all_done: 'You reviewed everything from this order. The store will publish your review once it has seen it.',
    visit_store: 'Visit {store}',
    unknown_title: 'This link does not work',
    unknown:
      'We could not find this review link. Check that you opened the whole link from the email, or review the product on the store’s website.',
    expired_title: 'This link has expired',
    expired:
      'Review links stay valid for a while after the order, and this one ran out. You can still review the product on the store’s website.',
    closed_title: 'This review request was withdrawn',
    closed: 'The store withdrew this request (for example, the order was cancelled), so it no longer takes reviews.',
    uninstalled_title: 'This store no longer collects reviews here',
    uninstalled: '{store} stopped using this review service, so this link no longer takes reviews.',
    unavailable_title: 'Review page unavailable',
    unavailable: 'The review form could not be loaded on this server. Please try again later.',
    unsubscribed_title: 'You are unsubscribed',
    unsubscribed: 'You will get no more review requests from {store}.',
    resubscribe: 'Resubscribe',
    resubscribed_title: 'You are subscribed again',
    resubscribed: '{store} may send you review requests after your next orders.',
    unsubscribe_again: 'Unsubscribe',
  },
  es: {
    title: 'Opina sobre tu pedido de {store}',
    greeting: 'Hola, {name}: ¿qué tal tu pedido?',
    greeting_anonymous: '¿Qué tal tu pedido?',
    intro: 'Un video corto es lo que más ayuda a otros compradores. También puedes enviar una foto.',
    intro_text_ok:
      'Un video corto es lo que más ayuda a otros compradores. También puedes enviar una foto, o solo estrellas y unas palabras.',
    done: 'Opinado',
    to_review: 'Sin opinión todavía',
    your_review: 'Tu opinión',
    stars: '{n} de 5 estrellas',
    write_review: 'Opinar sobre este producto',
    no_script: 'Esta página necesita JavaScript para grabar y enviar tu opinión.',
    all_done_title: '¡Gracias!',
    all_done: 'Ya opinaste sobre todo lo de este pedido. La tienda publicará tu opinión después de revisarla.',
    visit_store: 'Visitar {store}',
    unknown_title: 'Este enlace no funciona',
    unknown:
      'No encontramos este enlace de opinión. Comprueba que abriste el enlace completo del correo, u opina sobre el producto en la web de la tienda.',
    expired_title: 'Este enlace caducó',
    expired:
      'Los enlaces de opinión valen durante un tiempo después del pedido, y este ya caducó. Aún puedes opinar sobre el producto en la web de la tienda.',
    closed_title: 'Esta solicitud de opinión se retiró',
    closed:
      'La tienda retiró esta solicitud (por ejemplo, porque el pedido se canceló), así que ya no acepta opiniones.',
    uninstalled_title: 'Esta tienda ya no recoge opiniones aquí',
    uninstalled: '{store} dejó de usar este servicio de opiniones, así que este enlace ya no acepta opiniones.',
    unavailable_title: 'Página de opinión no disponible',
    unavailable: 'No se pudo cargar el formulario de opinión en este servidor. Vuelve a intentarlo más tarde.',
    unsubscribed_title: 'Te diste de baja',
    unsubscribed: 'No recibirás más solicitudes de opinión de {store}.',
    resubscribe: 'Volver a suscribirme',
    resubscribed_title: 'Vuelves a estar suscrito',
    resubscribed: '{store} podrá enviarte solicitudes de opinión después de tus próximos pedidos.',
    unsubscribe_again: 'Darme de baja',
  },
  pt: {
    title: 'Avalie seu pedido de {store}',
    greeting: 'Olá, {name}! Como foi seu pedido?',
    greeting_anonymous: 'Como foi seu pedido?',
    intro: 'Um vídeo curto é o que mais ajuda outros compradores. Você também pode enviar uma foto.',
    intro_text_ok:
      'Um vídeo curto é o que mais ajuda outros compradores. Você também pode enviar uma foto, ou só estrelas e algumas palavras.',
    done: 'Avaliado',
    to_review: 'Ainda não avaliado',
    your_review: 'Sua avaliação',
    stars: '{n} de 5 estrelas',
    write_review: 'Avaliar este produto',
    no_script: 'Esta página precisa de JavaScript para gravar e enviar sua avaliação.',
    all_done_title: 'Obrigado!',
    all_done: 'Você avaliou tudo deste pedido. A loja publicará sua avaliação depois de revisá-la.',
    visit_store: 'Visitar {store}',
    unknown_title: 'Este link não funciona',
    unknown:
      'Não encontramos este link de avaliação. Confira se abriu o link completo do e-mail, ou avalie o produto no site da loja.',
    expired_title: 'Este link expirou',
    expired:
      'Os links de avaliação valem por um tempo após o pedido, e este expirou. Você ainda pode avaliar o produto no site da loja.',
    closed_title: 'Este pedido de avaliação foi retirado',
    closed:
      'A loja retirou este pedido (por exemplo, porque a compra foi cancelada), então ele não aceita mais avaliações.',
    uninstalled_title: 'Esta loja não coleta mais avaliações aqui',
    uninstalled: '{store} deixou de usar este serviço de avaliações, então este link não aceita mais avaliações.',
    unavailable_title: 'Página de avaliação indisponível',
    unavailable: 'Não foi possível carregar o formulário de avaliação neste servidor. Tente de novo mais tarde.',
    unsubscribed_title: 'Você cancelou a inscrição',
    unsubscribed: 'Você não receberá mais pedidos de avaliação de {store}.',
    resubscribe: 'Inscrever-me de novo',
    resubscribed_title: 'Você está inscrito de novo',
    resubscribed: '{store} poderá enviar pedidos de avaliação após suas próximas compras.',
    unsubscribe_again: 'Cancelar inscrição',
  },
};

export function fillIn(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
