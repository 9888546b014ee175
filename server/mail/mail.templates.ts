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

function render(lang: TLanguage, copy: MailCopy, link: string): MailContent {
  const text = [copy.greeting, copy.intro, link, copy.outro, `— ${PRODUCT}`].join('\n\n') + '\n';
  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>${escapeHtml(copy.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:560px;margin:0 auto;padding:32px;background:#ffffff;border-radius:8px">
<p style="margin:0 0 16px">${escapeHtml(copy.greeting)}</p>
<p style="margin:0 0 24px">${escapeHtml(copy.intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(copy.action)}</a></p>
<p style="margin:0 0 24px;font-size:13px;color:#52525b">${escapeHtml(FALLBACK[lang])}<br><a href="${escapeHtml(link)}" style="color:#2563eb;word-break:break-all">${escapeHtml(link)}</a></p>
<p style="margin:0 0 16px">${escapeHtml(copy.outro)}</p>
<p style="margin:0;color:#52525b">— ${PRODUCT}</p>
</div>
</body>
</html>
`;
  return { subject: copy.subject, text, html };
}

export function passwordResetMail(lang: TLanguage, params: { link: string; firstName: string }): MailContent {
  const name = params.firstName.trim();
  const copies: Record<TLanguage, MailCopy> = {
    en: {
      subject: `Reset your ${PRODUCT} password`,
      greeting: name ? `Hi ${name},` : 'Hi,',
      intro: `We received a request to reset the password of your ${PRODUCT} account. Open this link to choose a new one:`,
      action: 'Reset password',
      outro:
        'The link expires in 1 hour. If you did not ask to reset your password, you can ignore this email: your password stays the same.',
    },
    es: {
      subject: `Restablece tu contraseña de ${PRODUCT}`,
      greeting: name ? `Hola, ${name}:` : 'Hola:',
      intro: `Recibimos una solicitud para restablecer la contraseña de tu cuenta de ${PRODUCT}. Abre este enlace para elegir una nueva:`,
      action: 'Restablecer contraseña',
      outro:
        'El enlace caduca en 1 hora. Si no pediste restablecer tu contraseña, puedes ignorar este correo: tu contraseña no cambiará.',
    },
    pt: {
      subject: `Redefina sua senha do ${PRODUCT}`,
      greeting: name ? `Olá, ${name}!` : 'Olá!',
      intro: `Recebemos um pedido para redefinir a senha da sua conta do ${PRODUCT}. Abra este link para escolher uma nova:`,
      action: 'Redefinir senha',
      outro:
        'O link expira em 1 hora. Se você não pediu para redefinir sua senha, pode ignorar este e-mail: sua senha continuará a mesma.',
    },
  };
  return render(lang, copies[lang], params.link);
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
