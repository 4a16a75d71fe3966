import { escapeHtml as escape } from '../../platform/html';
import type { MailMessage } from '../../adapters/mail/mail';

/** One layout for every account mail: a short text, one button, and the bare link for mail clients without HTML. */
function actionMail(to: string, subject: string, intro: string, action: string, url: string, outro: string): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\n${outro}\n\n- KeebMarket`,
    html:
      `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;color:#1a1a2e">` +
      `<p>${escape(intro)}</p>` +
      `<p><a href="${escape(url)}" style="display:inline-block;padding:12px 20px;border-radius:999px;background:#5046e5;color:#fff;text-decoration:none;font-weight:600">${escape(action)}</a></p>` +
      `<p style="font-size:13px;color:#555">Or open this link: <a href="${escape(url)}">${escape(url)}</a></p>` +
      `<p style="font-size:13px;color:#555">${escape(outro)}</p><p>- KeebMarket</p></div>`,
  };
}

export const confirmEmailMail = (to: string, username: string, url: string) =>
  actionMail(
    to,
    'Confirm your email',
    `Hi ${username}, please confirm your email address to start buying and selling on KeebMarket.`,
    'Confirm email',
    url,
    'The link works once and expires in 48 hours. If you did not sign up, ignore this email.',
  );

export const resetPasswordMail = (to: string, username: string, url: string) =>
  actionMail(
    to,
    'Reset your password',
    `Hi ${username}, someone (hopefully you) asked to reset your KeebMarket password.`,
    'Choose a new password',
    url,
    'The link works once and expires in 1 hour. If you did not ask for this, ignore this email: your password stays as it is.',
  );

/** After a password change in Settings: the way back for an owner who did not make it is a reset. */
export const passwordChangedMail = (to: string, username: string, forgotPasswordUrl: string) =>
  actionMail(
    to,
    'Your password was changed',
    `Hi ${username}, the password of your KeebMarket account was just changed in Settings, and every other device was signed out.`,
    'Reset your password',
    forgotPasswordUrl,
    'If this was you, there is nothing to do. If it was not, reset your password now with the link above: it signs out everyone using your account.',
  );

/**
 * Issue 36: to the old address when Settings changes the email. No link acts on the change (the new address gets
 * the confirmation): an owner who did not make it writes to us, as a reset would now go to the new address.
 */
export const emailChangedMail = (to: string, username: string, newEmail: string, contactUrl: string) =>
  actionMail(
    to,
    'Your email address was changed',
    `Hi ${username}, the email address of your KeebMarket account was changed from ${to} to ${newEmail} in Settings. Mail now goes to the new address once it is confirmed.`,
    'Contact us',
    contactUrl,
    'If this was you, there is nothing to do. If it was not, contact us at once with the link above from this address, and we will help you back into your account.',
  );

export function contactMail(to: string, from: { email: string; reason: string; message: string; username?: string | undefined }): MailMessage {
  const who = from.username ? `${from.username} <${from.email}>` : from.email;
  const text = `From: ${who}\nReason: ${from.reason}\n\n${from.message}`;
  return {
    to,
    replyTo: from.email,
    subject: `Contact form: ${from.reason.slice(0, 80)}`,
    text,
    html: `<pre style="font-family:system-ui,sans-serif;white-space:pre-wrap">${escape(text)}</pre>`,
  };
}
