import type { ChatUser } from '@keeb/shared';
import { TEXTS } from './messages';

/** A removed account: the API names it 'User Not Found' (spec part 2); an empty id reads the same. */
export const isUserGone = (user: Pick<ChatUser, 'id' | 'username'> | null | undefined) =>
  !user || !user.id || user.username === TEXTS.userNotFound;
