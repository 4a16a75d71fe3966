import type { HelpTopic } from './document';
import { chatSystem } from './topics/chat-system';
import { keebkarma } from './topics/keebkarma';
import { linkingReddit } from './topics/linking-reddit';
import { listingAnItem } from './topics/listing-an-item';
import { misc } from './topics/misc';
import { offers } from './topics/offers';
import { payment } from './topics/payment';
import { safety } from './topics/safety';
import { signingUp } from './topics/signing-up';
import { trades } from './topics/trades';

/**
 * The help topics in the order of the topic list (spec part 2: signing-up ... misc). 'safety' is ours: chat's
 * off-site-contact warnings link to /help/safety (packages/shared/src/chat/scam-signals.ts).
 */
export const HELP_TOPICS: readonly HelpTopic[] = [signingUp, listingAnItem, keebkarma, offers, linkingReddit, payment, chatSystem, trades, safety, misc];

export const DEFAULT_TOPIC_ID = 'signing-up';

export const helpTopic = (id: string): HelpTopic | undefined => HELP_TOPICS.find((topic) => topic.id === id);
