/**
 * The items module's service: createItemsService(deps) is its one entry point (app.ts builds it, routes.ts and the
 * tests call it), composing the action groups, each in its own file as a function of the deps it needs: a seller's
 * create and edit (create-edit-actions.ts), the reads (read-actions.ts), visitors' comments and saves
 * (engagement-actions.ts), and removal with moderation (moderation-actions.ts); what they share is in
 * service-shared.ts and item-detail.ts. The groups share no state, so each holds only its own (a rate limiter, the
 * trust cache); they are built in the order the single closure created those in, and the returned object keeps its
 * members in their old order.
 */
import { createListingActions } from './create-edit-actions';
import { createEngagementActions } from './engagement-actions';
import { createModerationActions } from './moderation-actions';
import { createReadActions } from './read-actions';
import type { ItemsDeps } from './service-shared';

export type { ItemsDeps } from './service-shared';
export { FOLLOWER_MAIL_PAGE, LISTING_KARMA } from './moderation-actions';

export function createItemsService(deps: ItemsDeps) {
  const listing = createListingActions(deps);
  const engagement = createEngagementActions(deps);
  const reads = createReadActions(deps);
  const { remove, ...moderation } = createModerationActions(deps);
  return { ...listing, ...reads, remove, ...engagement, ...moderation };
}

export type ItemsService = ReturnType<typeof createItemsService>;
