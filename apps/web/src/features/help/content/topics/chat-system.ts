import { MESSAGE_MAIL_WINDOW_MS, MESSAGE_MAX, formatCount } from '@keeb/shared';
import type { HelpTopic } from '../document';

const MAIL_MINUTES = MESSAGE_MAIL_WINDOW_MS / 60_000;

export const chatSystem: HelpTopic = {
  id: 'chat-system',
  title: 'Chat System',
  summary: 'Message buyers and sellers, get notified, and report trouble.',
  sections: [
    {
      heading: 'Starting a conversation',
      blocks: [
        {
          list: [
            'On a listing, press Message Seller and write your message there: it carries the item, so the seller knows what you are asking about. The conversation then continues in Chats.',
            'On a profile, press Message.',
            'All your conversations are in [Chats](/chats), the newest first.',
          ],
        },
        { p: `Messages are plain text up to ${formatCount(MESSAGE_MAX)} characters. Links are clickable.` },
      ],
    },
    {
      heading: 'Notifications',
      blocks: [
        { p: 'While the site is open, a new message shows in the corner of the screen and a badge counts unread chats.' },
        { p: `If a message stays unread for ${MAIL_MINUTES} minutes, we email you once for that conversation (the "messages" preference in [Settings](/settings)).` },
      ],
    },
    {
      heading: 'Scam warnings',
      blocks: [
        { p: 'When a message asks you to pay outside checkout or to move the conversation to another app, we show a warning under it with a link to help. The message is still delivered: the warning is there so you can stop and think. Why these requests are risky: [Payment](/help/payment) and [Staying Safe](/help/safety).' },
      ],
    },
    {
      heading: 'Reporting a conversation',
      blocks: [
        { p: 'Press Report in a conversation and tell us what happened. The report, with the latest messages of the conversation, goes to our team, who can act on the account. Reporting does not tell the other person.' },
      ],
    },
  ],
};
