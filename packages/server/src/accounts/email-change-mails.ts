import type { Locale } from '@planner/core';
import type { Mail } from '../mail/mailer';
import { writeMail, type MailTable } from './mail-text';

/** The web app's page that undoes a change of address with the link's token. */
export function undoLink(publicUrl: string, token: string): string {
  return `${publicUrl}/undo-email-change?token=${encodeURIComponent(token)}`;
}

/**
 * To the address an account left: where it went, and the undo link (7 days, UNDO_TTL_MS) for
 * when that was not the owner.
 */
export const EMAIL_CHANGED_MAIL: MailTable = {
  en: {
    subject: 'Your Planner e-mail address was changed',
    body: [
      'The e-mail address of your Planner account was changed to {email}. If you did this, there is nothing to do.',
      'If you did not, undo it within 7 days: {link}',
      'This puts this address back, signs out every device and asks you for a new password.',
    ],
  },
  de: {
    subject: 'Deine E-Mail-Adresse bei Planner wurde geändert',
    body: [
      'Die E-Mail-Adresse deines Planner-Kontos wurde in {email} geändert. Warst du das, ist nichts weiter zu tun.',
      'Wenn nicht, mache es innerhalb von 7 Tagen rückgängig: {link}',
      'Damit gilt wieder diese Adresse, alle Geräte werden abgemeldet und du legst ein neues Passwort fest.',
    ],
  },
  es: {
    subject: 'Se cambió tu dirección de correo de Planner',
    body: [
      'La dirección de correo de tu cuenta de Planner se cambió a {email}. Si fuiste tú, no tienes que hacer nada.',
      'Si no, deshaz el cambio en un plazo de 7 días: {link}',
      'Así vuelve esta dirección, se cierra la sesión en todos los dispositivos y eliges una contraseña nueva.',
    ],
  },
  fr: {
    subject: 'L’adresse e-mail de votre compte Planner a été modifiée',
    body: [
      'L’adresse e-mail de votre compte Planner a été remplacée par {email}. Si c’est vous, il n’y a rien à faire.',
      'Sinon, annulez ce changement sous 7 jours : {link}',
      'Cette adresse redeviendra la vôtre, tous les appareils seront déconnectés et vous choisirez un nouveau mot de passe.',
    ],
  },
  it: {
    subject: 'L’indirizzo e-mail del tuo account Planner è cambiato',
    body: [
      'L’indirizzo e-mail del tuo account Planner è stato cambiato in {email}. Se sei stato tu, non devi fare nulla.',
      'Altrimenti, annulla la modifica entro 7 giorni: {link}',
      'Così torna questo indirizzo, tutti i dispositivi vengono disconnessi e scegli una nuova password.',
    ],
  },
  pt: {
    subject: 'O e-mail da sua conta do Planner foi alterado',
    body: [
      'O endereço de e-mail da sua conta do Planner foi alterado para {email}. Se foi você, não precisa fazer nada.',
      'Se não foi, desfaça a alteração em até 7 dias: {link}',
      'Assim este endereço volta, todos os dispositivos são desconectados e você escolhe uma nova senha.',
    ],
  },
  ru: {
    subject: 'Адрес почты вашего аккаунта Planner изменён',
    body: [
      'Адрес почты вашего аккаунта Planner изменён на {email}. Если это сделали вы, ничего делать не нужно.',
      'Если нет, отмените изменение в течение 7 дней: {link}',
      'Аккаунт вернётся к этому адресу, все устройства выйдут из аккаунта, и вы зададите новый пароль.',
    ],
  },
  ja: {
    subject: 'Planner のメールアドレスが変更されました',
    body: [
      'Planner アカウントのメールアドレスが {email} に変更されました。ご自身で変更した場合は、何もする必要はありません。',
      '心当たりがない場合は、7 日以内にこちらから取り消してください: {link}',
      'このアドレスに戻り、すべての端末がログアウトされ、新しいパスワードを設定していただきます。',
    ],
  },
  ko: {
    subject: 'Planner 이메일 주소가 변경되었습니다',
    body: [
      'Planner 계정의 이메일 주소가 {email}(으)로 변경되었습니다. 직접 변경했다면 아무것도 하지 않아도 됩니다.',
      '직접 변경하지 않았다면 7일 안에 여기에서 취소하세요: {link}',
      '이 주소로 되돌아가고, 모든 기기에서 로그아웃되며, 새 비밀번호를 정하게 됩니다.',
    ],
  },
  zh_cn: {
    subject: '你的 Planner 邮箱地址已更改',
    body: [
      '你的 Planner 账户邮箱已更改为 {email}。如果是你本人操作，无需任何处理。',
      '如果不是，请在 7 天内撤销更改：{link}',
      '撤销后将恢复此地址，所有设备都会退出登录，并需要你设置新密码。',
    ],
  },
};

/**
 * After an undo, to the address put back: every device is signed out and the old password no
 * longer signs in; the reset link (an hour) sets a new one.
 */
export const EMAIL_RESTORED_MAIL: MailTable = {
  en: {
    subject: 'Set a new password for Planner',
    body: [
      'Your Planner account uses this address again. Every device was signed out and the old password no longer works.',
      'Choose a new password now: {link}',
      'The link works once and expires in one hour. After that, use “Forgot password?” on the login screen.',
    ],
  },
  de: {
    subject: 'Lege ein neues Passwort für Planner fest',
    body: [
      'Dein Planner-Konto verwendet wieder diese Adresse. Alle Geräte wurden abgemeldet, und das alte Passwort funktioniert nicht mehr.',
      'Wähle jetzt ein neues Passwort: {link}',
      'Der Link funktioniert einmal und läuft in einer Stunde ab. Danach nutze „Passwort vergessen?“ auf der Anmeldeseite.',
    ],
  },
  es: {
    subject: 'Elige una contraseña nueva para Planner',
    body: [
      'Tu cuenta de Planner vuelve a usar esta dirección. Se cerró la sesión en todos los dispositivos y la contraseña anterior ya no sirve.',
      'Elige ahora una contraseña nueva: {link}',
      'El enlace funciona una sola vez y caduca en una hora. Después, usa «¿Olvidaste la contraseña?» en la pantalla de inicio de sesión.',
    ],
  },
  fr: {
    subject: 'Choisissez un nouveau mot de passe Planner',
    body: [
      'Votre compte Planner utilise de nouveau cette adresse. Tous les appareils ont été déconnectés et l’ancien mot de passe ne fonctionne plus.',
      'Choisissez dès maintenant un nouveau mot de passe : {link}',
      'Le lien ne fonctionne qu’une fois et expire dans une heure. Ensuite, utilisez « Mot de passe oublié ? » sur l’écran de connexion.',
    ],
  },
  it: {
    subject: 'Scegli una nuova password per Planner',
    body: [
      'Il tuo account Planner usa di nuovo questo indirizzo. Tutti i dispositivi sono stati disconnessi e la vecchia password non funziona più.',
      'Scegli subito una nuova password: {link}',
      'Il link funziona una sola volta e scade tra un’ora. Dopo, usa «Password dimenticata?» nella schermata di accesso.',
    ],
  },
  pt: {
    subject: 'Escolha uma nova senha para o Planner',
    body: [
      'Sua conta do Planner voltou a usar este endereço. Todos os dispositivos foram desconectados e a senha antiga não funciona mais.',
      'Escolha agora uma nova senha: {link}',
      'O link funciona uma única vez e expira em uma hora. Depois disso, use “Esqueceu a senha?” na tela de login.',
    ],
  },
  ru: {
    subject: 'Задайте новый пароль для Planner',
    body: [
      'Ваш аккаунт Planner снова использует этот адрес. Все устройства вышли из аккаунта, старый пароль больше не действует.',
      'Задайте новый пароль сейчас: {link}',
      'Ссылка работает один раз и действует один час. После этого воспользуйтесь «Забыли пароль?» на экране входа.',
    ],
  },
  ja: {
    subject: 'Planner の新しいパスワードを設定してください',
    body: [
      'Planner アカウントのメールアドレスをこのアドレスに戻しました。すべての端末がログアウトされ、以前のパスワードは使えなくなりました。',
      '今すぐ新しいパスワードを設定してください: {link}',
      'リンクは 1 回だけ使え、1 時間で期限が切れます。その後はログイン画面の「パスワードをお忘れですか？」をご利用ください。',
    ],
  },
  ko: {
    subject: 'Planner 새 비밀번호를 정하세요',
    body: [
      'Planner 계정이 다시 이 주소를 사용합니다. 모든 기기에서 로그아웃되었고 이전 비밀번호는 더 이상 쓸 수 없습니다.',
      '지금 새 비밀번호를 정하세요: {link}',
      '링크는 한 번만 쓸 수 있으며 1시간 후 만료됩니다. 그 후에는 로그인 화면의 "비밀번호를 잊으셨나요?"를 이용하세요.',
    ],
  },
  zh_cn: {
    subject: '为 Planner 设置新密码',
    body: [
      '你的 Planner 账户已重新使用此地址。所有设备均已退出登录，旧密码已失效。',
      '请立即设置新密码：{link}',
      '链接只能使用一次，1 小时后失效。之后请在登录页面使用“忘记密码？”。',
    ],
  },
};

export function emailChangedMail(
  to: string,
  values: { email: string; link: string },
  locale: Locale,
): Mail {
  return writeMail(EMAIL_CHANGED_MAIL, locale, to, values);
}

export function emailRestoredMail(to: string, link: string, locale: Locale): Mail {
  return writeMail(EMAIL_RESTORED_MAIL, locale, to, { link });
}
