import type { Locale } from '@planner/core';
import type { Mail } from '../mail/mailer';
import { writeMail, type MailTable } from './mail-text';

/** The link the web app's login screen opens in reset mode. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/login?reset=${encodeURIComponent(token)}`;
}

/** Forgot password's link; it works once, for an hour (PASSWORD_RESET_TTL_MS). */
export const RESET_MAIL: MailTable = {
  en: {
    subject: 'Reset your Planner password',
    body: [
      'Someone (hopefully you) asked to reset the password of your Planner account. Choose a new password here: {link}',
      'The link works once and expires in one hour. If you did not ask for it, ignore this mail.',
    ],
  },
  de: {
    subject: 'Setze dein Planner-Passwort zurück',
    body: [
      'Jemand (hoffentlich du) möchte das Passwort deines Planner-Kontos zurücksetzen. Wähle hier ein neues Passwort: {link}',
      'Der Link funktioniert einmal und läuft in einer Stunde ab. Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail.',
    ],
  },
  es: {
    subject: 'Restablece tu contraseña de Planner',
    body: [
      'Alguien (esperamos que tú) pidió restablecer la contraseña de tu cuenta de Planner. Elige una nueva aquí: {link}',
      'El enlace funciona una sola vez y caduca en una hora. Si no lo pediste, ignora este correo.',
    ],
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Planner',
    body: [
      'Quelqu’un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte Planner. Choisissez-en un nouveau ici : {link}',
      'Le lien ne fonctionne qu’une fois et expire dans une heure. Si vous ne l’avez pas demandé, ignorez cet e-mail.',
    ],
  },
  it: {
    subject: 'Reimposta la password di Planner',
    body: [
      'Qualcuno (speriamo tu) ha chiesto di reimpostare la password del tuo account Planner. Scegline una nuova qui: {link}',
      'Il link funziona una sola volta e scade tra un’ora. Se non l’hai richiesto, ignora questa e-mail.',
    ],
  },
  pt: {
    subject: 'Redefina sua senha do Planner',
    body: [
      'Alguém (esperamos que você) pediu para redefinir a senha da sua conta do Planner. Escolha uma nova senha aqui: {link}',
      'O link funciona uma única vez e expira em uma hora. Se você não o pediu, ignore este e-mail.',
    ],
  },
  ru: {
    subject: 'Сброс пароля Planner',
    body: [
      'Кто-то (надеемся, вы) запросил сброс пароля вашего аккаунта Planner. Выберите новый пароль здесь: {link}',
      'Ссылка работает один раз и действует один час. Если вы её не запрашивали, не обращайте внимания на это письмо.',
    ],
  },
  ja: {
    subject: 'Planner のパスワードの再設定',
    body: [
      'Planner アカウントのパスワードの再設定が依頼されました。こちらから新しいパスワードを設定してください: {link}',
      'リンクは 1 回だけ使え、1 時間で期限が切れます。心当たりがない場合は、このメールを無視してください。',
    ],
  },
  ko: {
    subject: 'Planner 비밀번호 재설정',
    body: [
      'Planner 계정의 비밀번호 재설정이 요청되었습니다. 여기에서 새 비밀번호를 정하세요: {link}',
      '링크는 한 번만 쓸 수 있으며 1시간 후 만료됩니다. 요청하지 않았다면 이 메일을 무시하세요.',
    ],
  },
  zh_cn: {
    subject: '重置你的 Planner 密码',
    body: [
      '有人（希望是你）请求重置你的 Planner 账户密码。请在此设置新密码：{link}',
      '链接只能使用一次，1 小时后失效。如果不是你本人请求的，请忽略此邮件。',
    ],
  },
};

export function passwordResetMail(to: string, link: string, locale: Locale): Mail {
  return writeMail(RESET_MAIL, locale, to, { link });
}
