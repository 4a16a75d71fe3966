import type { HelpTopic } from '../document';

export const linkingReddit: HelpTopic = {
  id: 'linking-reddit',
  title: 'Linking Reddit',
  summary: 'Show a Reddit badge and bring over your trade count from r/mechmarket.',
  sections: [
    {
      heading: 'Why link your Reddit account',
      blocks: [
        { p: 'Many keyboard traders have a history on Reddit\'s trading community. Linking your account puts a Reddit badge on your profile, listings and comments, and lets you transfer your confirmed trade count, so buyers see your track record from day one.' },
      ],
    },
    {
      heading: 'How to link',
      blocks: [
        {
          steps: [
            'Open [Settings](/settings) and press Link Reddit Account.',
            'Sign in at Reddit and allow the marketplace to read your identity.',
            'You are sent back to Settings, where your Reddit username and join date now show.',
          ],
        },
        { p: 'Only your Reddit username and the date you joined Reddit are shown to others. We keep no Reddit password or access token.' },
      ],
    },
    {
      heading: 'Transferring your trade count',
      blocks: [
        { p: 'Press Transfer trades. Our bot reads the trade count in your user flair on r/mechmarket (for example "Trades: 42") from your newest post there, once, and adds it to your profile\'s trade total next to your sales here. The transfer is done once per Reddit account; linking the same account again keeps it.' },
        { p: 'No flair or no post there? Then there is nothing to transfer yet, but your badge still shows.' },
      ],
    },
    {
      heading: 'Unlinking',
      blocks: [{ p: 'Press Unlink in Settings at any time. The badge and the transferred count leave your profile; linking the same Reddit account again brings them back.' }],
    },
  ],
};
