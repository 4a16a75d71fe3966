import type { Request } from 'express';
import { MessagePageInputSchema, OpenConversationInputSchema, ReportConversationInputSchema, type ConversationList } from '@keeb/shared';
import { userIdOf } from '../../platform/auth';
import { parseInput } from '../../platform/errors';
import { route, type RouteSpec } from '../../platform/route-table';
import type { ChatService } from './service';

/**
 * Spec part 2, section 7 "Chat", and issue 14. A conversation is readable by its two participants only: the
 * route table's owner check asks the service whether the caller takes part (ownerOf answers the caller then), and
 * anyone else gets the same 404 as for a conversation that does not exist.
 */
export function chatRoutes(deps: { chat: ChatService }): RouteSpec[] {
  const { chat } = deps;
  const asParticipant = { access: 'owner', ownerOf: (req: Request) => chat.participantAs(String(req.params.id), req.session.userId) } as const;
  return [
    route({
      method: 'get', path: '/me/messages', access: 'signedIn',
      handler: async (req, res) => {
        const list: ConversationList = { conversations: await chat.list(userIdOf(req)) };
        res.json(list);
      },
    }),
    route({
      method: 'post', path: '/message/:id', ...asParticipant, input: { body: MessagePageInputSchema },
      handler: async (req, res) => {
        const { lastKey } = parseInput(MessagePageInputSchema, req.body ?? {});
        res.json(await chat.page(userIdOf(req), String(req.params.id), lastKey));
      },
    }),
    route({
      method: 'post', path: '/conversation', access: 'signedIn', input: { body: OpenConversationInputSchema },
      handler: async (req, res) => {
        const { userId } = parseInput(OpenConversationInputSchema, req.body);
        res.json(await chat.open(userIdOf(req), userId));
      },
    }),
    route({
      method: 'post', path: '/conversation/:id/report', ...asParticipant, input: { body: ReportConversationInputSchema },
      handler: async (req, res) => {
        const { reason } = parseInput(ReportConversationInputSchema, req.body ?? {});
        res.json(await chat.report(userIdOf(req), String(req.params.id), reason));
      },
    }),
  ];
}
