import type { Mail, Mailer } from '../mail/mailer';

/** The web app's page that verifies the address with the link's token. */
function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

function verificationMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Confirm your e-mail address for Planner',
    text: [
      'Please confirm that this address belongs to your Planner account.',
      '',
      `Confirm it here: ${link}`,
      '',
      'The link works once and expires in 48 hours. If you did not ask for it, ignore this mail.',
    ].join('\n'),
  };
}

/** The after-commit effect that mails a verification link. */
export function sendVerification(
  mailer: Mailer,
  publicUrl: string,
  mail: { to: string; token: string },
): () => Promise<void> {
  return () => mailer.send(verificationMail(mail.to, verificationLink(publicUrl, mail.token)));
}
