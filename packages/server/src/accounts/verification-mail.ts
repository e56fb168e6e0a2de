import type { Locale } from '@planner/core';
import type { Mailer } from '../mail/mailer';
import { writeMail, type MailTable } from './mail-text';

/** The web app's page that verifies the address with the link's token. */
function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

/** The link to a new or changed address; it works once, for 48 hours (VERIFICATION_TTL_MS). */
export const VERIFICATION_MAIL: MailTable = {
  en: {
    subject: 'Confirm your e-mail address for Planner',
    body: [
      'Please confirm that this address belongs to your Planner account: {link}',
      'The link works once and expires in 48 hours. If you did not ask for it, ignore this mail.',
    ],
  },
  de: {
    subject: 'Bestätige deine E-Mail-Adresse für Planner',
    body: [
      'Bitte bestätige, dass diese Adresse zu deinem Planner-Konto gehört: {link}',
      'Der Link funktioniert einmal und läuft in 48 Stunden ab. Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail.',
    ],
  },
  es: {
    subject: 'Confirma tu dirección de correo para Planner',
    body: [
      'Confirma que esta dirección pertenece a tu cuenta de Planner: {link}',
      'El enlace funciona una sola vez y caduca en 48 horas. Si no lo pediste, ignora este correo.',
    ],
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail pour Planner',
    body: [
      'Confirmez que cette adresse appartient à votre compte Planner : {link}',
      'Le lien ne fonctionne qu’une fois et expire dans 48 heures. Si vous ne l’avez pas demandé, ignorez cet e-mail.',
    ],
  },
  it: {
    subject: 'Conferma il tuo indirizzo e-mail per Planner',
    body: [
      'Conferma che questo indirizzo appartiene al tuo account Planner: {link}',
      'Il link funziona una sola volta e scade tra 48 ore. Se non l’hai richiesto, ignora questa e-mail.',
    ],
  },
  pt: {
    subject: 'Confirme seu endereço de e-mail no Planner',
    body: [
      'Confirme que este endereço pertence à sua conta do Planner: {link}',
      'O link funciona uma única vez e expira em 48 horas. Se você não o pediu, ignore este e-mail.',
    ],
  },
  ru: {
    subject: 'Подтвердите адрес почты для Planner',
    body: [
      'Подтвердите, что этот адрес принадлежит вашему аккаунту Planner: {link}',
      'Ссылка работает один раз и действует 48 часов. Если вы её не запрашивали, не обращайте внимания на это письмо.',
    ],
  },
  ja: {
    subject: 'Planner のメールアドレスを確認してください',
    body: [
      'このアドレスがあなたの Planner アカウントのものであることを確認してください: {link}',
      'リンクは 1 回だけ使え、48 時間で期限が切れます。心当たりがない場合は、このメールを無視してください。',
    ],
  },
  ko: {
    subject: 'Planner 이메일 주소를 확인해 주세요',
    body: [
      '이 주소가 내 Planner 계정의 주소인지 확인해 주세요: {link}',
      '링크는 한 번만 쓸 수 있으며 48시간 후 만료됩니다. 요청하지 않았다면 이 메일을 무시하세요.',
    ],
  },
  zh_cn: {
    subject: '确认你的 Planner 邮箱地址',
    body: [
      '请确认此地址属于你的 Planner 账户：{link}',
      '链接只能使用一次，48 小时后失效。如果不是你本人请求的，请忽略此邮件。',
    ],
  },
};

/** The after-commit effect that mails a verification link, in the account's language. */
export function sendVerification(
  mailer: Mailer,
  publicUrl: string,
  mail: { to: string; token: string },
  locale: Locale,
): () => Promise<void> {
  const link = verificationLink(publicUrl, mail.token);
  return () => mailer.send(writeMail(VERIFICATION_MAIL, locale, mail.to, { link }));
}
