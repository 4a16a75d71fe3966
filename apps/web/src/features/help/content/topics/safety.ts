import type { HelpTopic } from '../document';

export const safety: HelpTopic = {
  id: 'safety',
  title: 'Staying Safe',
  summary: 'Keep the conversation here, pay through checkout, and spot the usual scams.',
  sections: [
    {
      heading: 'Keep the conversation on the site',
      blocks: [
        { p: 'A common scam starts with "let\'s talk on WhatsApp". Once you move to another app, the chat history is no longer here for us to see if you report a problem, and the other person can pressure you away from checkout. So we warn you when a message:' },
        {
          list: [
            'names an app to continue on: WhatsApp, Telegram, Signal, Discord, Instagram, Snapchat, WeChat, Viber, text messages and the like;',
            'gives or asks for a phone number, an email address or a handle ("my discord is...", "what\'s your number");',
            'contains a Discord invite or a WhatsApp or Telegram link.',
          ],
        },
        { p: 'The warning does not block the message, and talking about a Signal switch or a GMK Zelle set does not trigger it.' },
      ],
    },
    {
      heading: 'Signs of a scam',
      blocks: [
        {
          list: [
            'A price far below what the item usually sells for.',
            'Pressure to pay quickly, or a story about why checkout "doesn\'t work" for them.',
            'A request to pay by PayPal Friends & Family, gift cards, crypto or a bank transfer (see [Payment](/help/payment)).',
            'Photos without a note showing the seller\'s username and the date.',
            'A new account with no trade history selling something rare.',
          ],
        },
      ],
    },
    {
      heading: 'If something feels wrong',
      blocks: [
        { p: 'Stop, do not pay, and press Report in the conversation (see [Chat System](/help/chat-system)), or write to us from the [About](/about) page.' },
      ],
    },
  ],
};
