import { noticeMail } from '../../adapters/mail/notice-mail';
import type { MailMessage } from '../../adapters/mail/mail';

/** The longest part of a message quoted in a mail (the rest is on the site). */
const PREVIEW_MAX = 300;
const preview = (text: string) => (text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX)}…` : text);

/** The `messages` preference: unread messages in one conversation, at most one such mail per 15 minutes. */
export const newMessagesMail = (to: string, username: string, from: string, unread: number, lastMessage: string, url: string) =>
  noticeMail(
    to,
    `New message${unread > 1 ? 's' : ''} from ${from}`,
    [`Hi ${username}, ${from} sent you ${unread > 1 ? `${unread} messages` : 'a message'} on KeebMarket:`, `"${preview(lastMessage)}"`],
    { label: 'Open the conversation', url },
  );

/** A Report on a conversation: to the team, with the reason and the conversation's last messages. */
export function conversationReportMail(
  to: string,
  report: { reporter: string; reporterEmail: string; other: string; conversationId: string; reason: string; messages: Array<{ sender: string; body: string; createdAt: Date }> },
): MailMessage {
  const transcript = report.messages.map((m) => `[${m.createdAt.toISOString()}] ${m.sender}: ${m.body}`).join('\n');
  const mail = noticeMail(to, `Chat report: ${report.reporter} reported ${report.other}`, [
    `${report.reporter} <${report.reporterEmail}> reported the conversation ${report.conversationId} with ${report.other}.`,
    `Reason: ${report.reason || '(none given)'}`,
    `Last messages:\n${transcript || '(none)'}`,
  ]);
  return { ...mail, replyTo: report.reporterEmail };
}
