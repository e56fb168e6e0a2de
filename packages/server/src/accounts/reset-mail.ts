import type { Mail } from '../mail/mailer';

/** The link the web app's login screen opens in reset mode. */
export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/login?reset=${encodeURIComponent(token)}`;
}

export function passwordResetMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your Planner password',
    text: [
      'Someone (hopefully you) asked to reset the password of your Planner account.',
      '',
      `Choose a new password here: ${link}`,
      '',
      'The link works once and expires in one hour. If you did not ask for it, ignore this mail.',
    ].join('\n'),
  };
}
