/** Product-wide constants: the name and the outside links shown in the shell. */
export const PRODUCT_NAME = 'KeebMarket';

export const COMMUNITY_CHAT_URL = 'https://discord.gg/keebmarket';

export const SOCIAL_LINKS = {
  instagram: 'https://www.instagram.com/keebmarket',
  x: 'https://x.com/keebmarket',
  reddit: 'https://www.reddit.com/r/keebmarket',
} as const;

/** Where reports (Report Item, Report User) are mailed: the team's inbox, the API's TEAM_EMAIL default. */
export const TEAM_EMAIL = 'team@keebmarket.local';
