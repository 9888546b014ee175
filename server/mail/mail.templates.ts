import type { TLanguage } from '../../shared/constants.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** The words of one mail: paragraphs around a single call-to-action link. */
interface MailCopy {
  subject: string;
  greeting: string;
  intro: string;
  action: string;
  outro: string;
}

const PRODUCT = 'Video Reviews';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

const FALLBACK: Record<TLanguage, string> = {
  en: 'If the button does not work, copy this link into your browser:',
  es: 'Si el botón no funciona, copia este enlace en tu navegador:',
  pt: 'Se o botão não funcionar, copie este link no seu navegador:',
};

/**
 * The dashboard's palette (purple primary, pink secondary), light and dark, each colour pair at least WCAG AA.
 * Inline styles carry the light mode for clients that drop `<style>`; mail apps in dark mode that honour
 * `prefers-color-scheme` take the dark one, the others invert the light one themselves.
 */
export const MAIL_PALETTE = {
  light: {
    page: '#f6f4fb',
    card: '#ffffff',
    text: '#1d1730',
    muted: '#5d566f',
    link: '#6d28d9',
    button: '#7c3aed',
    onButton: '#ffffff',
    accent: '#ec4899',
  },
  dark: {
    page: '#121018',
    card: '#1b1824',
    text: '#ece9f4',
    muted: '#a8a1b8',
    link: '#c4b5fd',
    button: '#7c3aed',
    onButton: '#ffffff',
    accent: '#ec4899',
  },
} as const;

const { light, dark } = MAIL_PALETTE;

const DARK_STYLES = `:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme: dark){
.mail-page{background:${dark.page}!important;color:${dark.text}!important}
.mail-card{background:${dark.card}!important;color:${dark.text}!important}
.mail-muted{color:${dark.muted}!important}
.mail-link{color:${dark.link}!important}
.mail-button{background:${dark.button}!important;color:${dark.onButton}!important}
}`;

function render(lang: TLanguage, copy: MailCopy, link: string): MailContent {
  const text = [copy.greeting, copy.intro, link, copy.outro, `— ${PRODUCT}`].join('\n\n') + '\n';
  const href = escapeHtml(link);
  const html = mailDocument(
    lang,
    copy.subject,
    `<p style="margin:0 0 16px">${escapeHtml(copy.greeting)}</p>
<p style="margin:0 0 24px">${escapeHtml(copy.intro)}</p>
${mailButton(link, copy.action)}
<p class="mail-muted" style="margin:0 0 24px;font-size:13px;color:${light.muted}">${escapeHtml(FALLBACK[lang])}<br><a class="mail-link" href="${href}" style="color:${light.link};word-break:break-all">${href}</a></p>
<p style="margin:0 0 16px">${escapeHtml(copy.outro)}</p>
<p class="mail-muted" style="margin:0;color:${light.muted}">— ${PRODUCT}</p>`,
  );
  return { subject: copy.subject, text, html };
}

/** Every mail's document: its head with the dark-mode styles, the page and the card holding `card` (HTML). */
export function mailDocument(lang: string, title: string, card: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(title)}</title>
<style>${DARK_STYLES}</style>
</head>
<body class="mail-page" style="margin:0;padding:24px;background:${light.page};font-family:Arial,Helvetica,sans-serif;color:${light.text}">
<div class="mail-card" style="max-width:560px;margin:0 auto;padding:32px;background:${light.card};color:${light.text};border-top:4px solid ${light.accent};border-radius:12px">
${card}
</div>
</body>
</html>
`;
}

/** The mails' call to action: one button-styled link, in its own paragraph. */
export function mailButton(href: string, label: string): string {
  return `<p style="margin:0 0 24px"><a class="mail-button" href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:${light.button};color:${light.onButton};text-decoration:none;border-radius:12px;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

function greeting(lang: TLanguage, firstName: string): string {
  const name = firstName.trim();
  const forms: Record<TLanguage, [string, string]> = {
    en: [`Hi ${name},`, 'Hi,'],
    es: [`Hola, ${name}:`, 'Hola:'],
    pt: [`Olá, ${name}!`, 'Olá!'],
  };
  return forms[lang][name ? 0 : 1];
}

export function passwordResetMail(lang: TLanguage, params: { link: string; firstName: string }): MailContent {
  const copies: Record<TLanguage, Omit<MailCopy, 'greeting'>> = {
    en: {
      subject: `Reset your ${PRODUCT} password`,
      intro: `We received a request to reset the password of your ${PRODUCT} account. Open this link to choose a new one:`,
      action: 'Reset password',
      outro:
        'The link expires in 1 hour. If you did not ask to reset your password, you can ignore this email: your password stays the same.',
    },
    es: {
      subject: `Restablece tu contraseña de ${PRODUCT}`,
      intro: `Recibimos una solicitud para restablecer la contraseña de tu cuenta de ${PRODUCT}. Abre este enlace para elegir una nueva:`,
      action: 'Restablecer contraseña',
      outro:
        'El enlace caduca en 1 hora. Si no pediste restablecer tu contraseña, puedes ignorar este correo: tu contraseña no cambiará.',
    },
    pt: {
      subject: `Redefina sua senha do ${PRODUCT}`,
      intro: `Recebemos um pedido para redefinir a senha da sua conta do ${PRODUCT}. Abra este link para escolher uma nova:`,
      action: 'Redefinir senha',
      outro:
        'O link expira em 1 hora. Se você não pediu para redefinir sua senha, pode ignorar este e-mail: sua senha continuará a mesma.',
    },
  };
  return render(lang, { ...copies[lang], greeting: greeting(lang, params.firstName) }, params.link);
}

export function invitationMail(
  lang: TLanguage,
  params: { link: string; inviterName: string; workspaceName: string },
): MailContent {
  const { inviterName: inviter, workspaceName: workspace } = params;
  const copies: Record<TLanguage, MailCopy> = {
    en: {
      subject: `${inviter} invited you to ${workspace} on ${PRODUCT}`,
      greeting: 'Hi,',
      intro: `${inviter} invited you to join the ${workspace} workspace on ${PRODUCT}, where the team collects and moderates customer video reviews. Accept the invitation with this link:`,
      action: 'Accept invitation',
      outro: 'The invitation expires in 7 days. If you were not expecting it, you can ignore this email.',
    },
    es: {
      subject: `${inviter} te invitó a ${workspace} en ${PRODUCT}`,
      greeting: 'Hola:',
      intro: `${inviter} te invitó a unirte al espacio de trabajo ${workspace} en ${PRODUCT}, donde el equipo recopila y modera las reseñas en video de sus clientes. Acepta la invitación con este enlace:`,
      action: 'Aceptar invitación',
      outro: 'La invitación caduca en 7 días. Si no la esperabas, puedes ignorar este correo.',
    },
    pt: {
      subject: `${inviter} convidou você para ${workspace} no ${PRODUCT}`,
      greeting: 'Olá!',
      intro: `${inviter} convidou você para participar do espaço de trabalho ${workspace} no ${PRODUCT}, onde a equipe coleta e modera as avaliações em vídeo dos clientes. Aceite o convite com este link:`,
      action: 'Aceitar convite',
      outro: 'O convite expira em 7 dias. Se você não estava esperando por ele, pode ignorar este e-mail.',
    },
  };
  return render(lang, copies[lang], params.link);
}

/** A shopper asked the store's platform for their data (privacy law): the export goes to the store's owners. */
export function customerDataRequestMail(
  lang: TLanguage,
  params: { link: string; storeName: string; customer: string; platform: string },
): MailContent {
  const { storeName: store, customer, platform } = params;
  const copies: Record<TLanguage, MailCopy> = {
    en: {
      subject: `Customer data request for ${store}: ${customer}`,
      greeting: 'Hi,',
      intro: `${platform} passed on a request from the customer ${customer} for the data your store holds about them. Everything ${PRODUCT} keeps about them in ${store} (reviews, orders, widget activity) is attached as a JSON file. Send it to the customer if the law requires it. Their reviews are in your dashboard:`,
      action: 'Open reviews',
      outro:
        'Nothing was changed or deleted. If the customer also asks to be forgotten, their data is erased when that request arrives.',
    },
    es: {
      subject: `Solicitud de datos de un cliente de ${store}: ${customer}`,
      greeting: 'Hola:',
      intro: `${platform} nos transmitió una solicitud del cliente ${customer} de los datos que tu tienda guarda sobre él. Todo lo que ${PRODUCT} conserva sobre esa persona en ${store} (reseñas, pedidos, actividad en el widget) va adjunto en un archivo JSON. Envíaselo si la ley lo exige. Sus reseñas están en tu panel:`,
      action: 'Abrir reseñas',
      outro:
        'No se modificó ni se borró nada. Si el cliente también pide ser olvidado, sus datos se borrarán cuando llegue esa solicitud.',
    },
    pt: {
      subject: `Pedido de dados de um cliente de ${store}: ${customer}`,
      greeting: 'Olá!',
      intro: `A ${platform} nos repassou um pedido do cliente ${customer} pelos dados que sua loja guarda sobre ele. Tudo o que o ${PRODUCT} mantém sobre essa pessoa em ${store} (avaliações, pedidos, atividade no widget) está anexado em um arquivo JSON. Envie-o ao cliente se a lei exigir. As avaliações dele estão no seu painel:`,
      action: 'Abrir avaliações',
      outro:
        'Nada foi alterado nem apagado. Se o cliente também pedir para ser esquecido, os dados dele serão apagados quando esse pedido chegar.',
    },
  };
  return render(lang, copies[lang], params.link);
}

/** A regular sign-up: the account is created only when this link is opened. */
export function signupConfirmMail(
  lang: TLanguage,
  params: { link: string; firstName: string; ttlHours: number },
): MailContent {
  const hours = params.ttlHours;
  const copies: Record<TLanguage, Omit<MailCopy, 'greeting'>> = {
    en: {
      subject: `Confirm your email to finish creating your ${PRODUCT} account`,
      intro: `Thanks for signing up for ${PRODUCT}. Open this link to confirm your email and finish creating your account:`,
      action: 'Confirm email and sign in',
      outro: `The link expires in ${hours} hours. If you did not sign up, ignore this email: no account is created without it.`,
    },
    es: {
      subject: `Confirma tu correo para terminar de crear tu cuenta de ${PRODUCT}`,
      intro: `Gracias por registrarte en ${PRODUCT}. Abre este enlace para confirmar tu correo y terminar de crear tu cuenta:`,
      action: 'Confirmar correo e iniciar sesión',
      outro: `El enlace caduca en ${hours} horas. Si no te registraste, ignora este correo: sin él no se crea ninguna cuenta.`,
    },
    pt: {
      subject: `Confirme seu e-mail para terminar de criar sua conta do ${PRODUCT}`,
      intro: `Obrigado por se cadastrar no ${PRODUCT}. Abra este link para confirmar seu e-mail e terminar de criar sua conta:`,
      action: 'Confirmar e-mail e entrar',
      outro: `O link expira em ${hours} horas. Se você não se cadastrou, ignore este e-mail: sem ele nenhuma conta é criada.`,
    },
  };
  return render(lang, { ...copies[lang], greeting: greeting(lang, params.firstName) }, params.link);
}

/** A sign-up with an email that already has an account: nothing is created, the owner is told how to get in. */
export function existingAccountMail(lang: TLanguage, params: { link: string; firstName: string }): MailContent {
  const copies: Record<TLanguage, Omit<MailCopy, 'greeting'>> = {
    en: {
      subject: `You already have a ${PRODUCT} account`,
      intro: `Someone, hopefully you, tried to create a ${PRODUCT} account with this email, but you already have one. Sign in instead:`,
      action: 'Sign in',
      outro:
        'Forgot your password? Choose “Forgot your password?” on the sign-in page to reset it. If it was not you, you can ignore this email: nothing was changed.',
    },
    es: {
      subject: `Ya tienes una cuenta de ${PRODUCT}`,
      intro: `Alguien, esperamos que tú, intentó crear una cuenta de ${PRODUCT} con este correo, pero ya tienes una. Inicia sesión:`,
      action: 'Iniciar sesión',
      outro:
        '¿Olvidaste tu contraseña? Elige «¿Olvidaste tu contraseña?» en la página de inicio de sesión para restablecerla. Si no fuiste tú, puedes ignorar este correo: no se cambió nada.',
    },
    pt: {
      subject: `Você já tem uma conta do ${PRODUCT}`,
      intro: `Alguém, esperamos que você, tentou criar uma conta do ${PRODUCT} com este e-mail, mas você já tem uma. Entre nela:`,
      action: 'Entrar',
      outro:
        'Esqueceu a senha? Escolha “Esqueceu sua senha?” na página de login para redefini-la. Se não foi você, pode ignorar este e-mail: nada foi alterado.',
    },
  };
  return render(lang, { ...copies[lang], greeting: greeting(lang, params.firstName) }, params.link);
}

/** To the new address of an email change: it becomes the sign-in email only when this link is opened. */
export function emailChangeConfirmMail(
  lang: TLanguage,
  params: { link: string; firstName: string; ttlHours: number },
): MailContent {
  const hours = params.ttlHours;
  const copies: Record<TLanguage, Omit<MailCopy, 'greeting'>> = {
    en: {
      subject: `Confirm your new ${PRODUCT} sign-in email`,
      intro: `You asked to use this address to sign in to ${PRODUCT}. Open this link to confirm it:`,
      action: 'Confirm new email',
      outro: `The link expires in ${hours} hours. Until it is opened, you keep signing in with your current email. If you did not ask for this, ignore this email.`,
    },
    es: {
      subject: `Confirma tu nuevo correo de acceso a ${PRODUCT}`,
      intro: `Pediste usar esta dirección para iniciar sesión en ${PRODUCT}. Abre este enlace para confirmarla:`,
      action: 'Confirmar nuevo correo',
      outro: `El enlace caduca en ${hours} horas. Hasta que lo abras, sigues iniciando sesión con tu correo actual. Si no lo pediste, ignora este correo.`,
    },
    pt: {
      subject: `Confirme seu novo e-mail de acesso ao ${PRODUCT}`,
      intro: `Você pediu para usar este endereço para entrar no ${PRODUCT}. Abra este link para confirmá-lo:`,
      action: 'Confirmar novo e-mail',
      outro: `O link expira em ${hours} horas. Até ele ser aberto, você continua entrando com seu e-mail atual. Se você não pediu isso, ignore este e-mail.`,
    },
  };
  return render(lang, { ...copies[lang], greeting: greeting(lang, params.firstName) }, params.link);
}

/** To the current address of an email change: a warning, with the way to stop it if it was not the owner. */
export function emailChangeNoticeMail(
  lang: TLanguage,
  params: { link: string; firstName: string; newEmail: string },
): MailContent {
  const to = params.newEmail;
  const copies: Record<TLanguage, Omit<MailCopy, 'greeting'>> = {
    en: {
      subject: `Someone asked to change your ${PRODUCT} sign-in email`,
      intro: `Someone asked to change the sign-in email of your ${PRODUCT} account to ${to}. It changes only if the link we sent to ${to} is opened. If it wasn’t you, change your password now: that also cancels the change.`,
      action: 'Reset my password',
      outro: 'If it was you, there is nothing to do here: confirm the change from the other mailbox.',
    },
    es: {
      subject: `Alguien pidió cambiar tu correo de acceso a ${PRODUCT}`,
      intro: `Alguien pidió cambiar el correo de acceso de tu cuenta de ${PRODUCT} a ${to}. Solo cambiará si se abre el enlace que enviamos a ${to}. Si no fuiste tú, cambia tu contraseña ahora: eso también cancela el cambio.`,
      action: 'Restablecer mi contraseña',
      outro: 'Si fuiste tú, no tienes que hacer nada aquí: confirma el cambio desde el otro buzón.',
    },
    pt: {
      subject: `Alguém pediu para alterar seu e-mail de acesso ao ${PRODUCT}`,
      intro: `Alguém pediu para alterar o e-mail de acesso da sua conta do ${PRODUCT} para ${to}. Ele só muda se o link que enviamos para ${to} for aberto. Se não foi você, altere sua senha agora: isso também cancela a alteração.`,
      action: 'Redefinir minha senha',
      outro: 'Se foi você, não há nada a fazer aqui: confirme a alteração pela outra caixa de e-mail.',
    },
  };
  return render(lang, { ...copies[lang], greeting: greeting(lang, params.firstName) }, params.link);
}

/** An outgoing webhook endpoint failed every delivery for days and was turned off: its store's owners are told. */
export function webhookEndpointDisabledMail(
  lang: TLanguage,
  params: { link: string; storeName: string; url: string; days: number },
): MailContent {
  const { storeName: store, url, days } = params;
  const copies: Record<TLanguage, MailCopy> = {
    en: {
      subject: `Webhook endpoint turned off for ${store}`,
      greeting: 'Hi,',
      intro: `Every delivery to your webhook endpoint ${url} has failed for ${days} days, so ${PRODUCT} stopped sending to it. Events since then were not delivered to it. Check the endpoint, look at its delivery log for the answers it gave, and turn it back on:`,
      action: 'Open webhooks',
      outro: 'Once it is on again, you can resend any delivery from the log.',
    },
    es: {
      subject: `Endpoint de webhooks desactivado en ${store}`,
      greeting: 'Hola:',
      intro: `Todas las entregas a tu endpoint de webhooks ${url} han fallado durante ${days} días, así que ${PRODUCT} dejó de enviarle eventos. Los eventos posteriores no se le entregaron. Revisa el endpoint, mira en su registro de entregas qué respondió y vuelve a activarlo:`,
      action: 'Abrir webhooks',
      outro: 'Cuando esté activo de nuevo, puedes reenviar cualquier entrega desde el registro.',
    },
    pt: {
      subject: `Endpoint de webhooks desativado em ${store}`,
      greeting: 'Olá!',
      intro: `Todas as entregas para o seu endpoint de webhooks ${url} falharam durante ${days} dias, então o ${PRODUCT} parou de enviar eventos para ele. Os eventos desde então não foram entregues. Verifique o endpoint, veja no registro de entregas o que ele respondeu e ative-o de novo:`,
      action: 'Abrir webhooks',
      outro: 'Depois de ativá-lo, você pode reenviar qualquer entrega pelo registro.',
    },
  };
  return render(lang, copies[lang], params.link);
}
