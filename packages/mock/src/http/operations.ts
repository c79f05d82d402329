/**
 * The seven operations of the contract: for each, its method, path and scope, and the handler that
 * validates its input, calls the domain and renders the result in the endpoint's own shape.
 */

import type * as z from 'zod/v4/core';
import {
  getCampaign,
  listCampaignMessages,
  listCampaigns,
  sendBatch,
} from '../domain/campaigns/campaigns';
import type { Caller } from '../domain/core/caller';
import type { OperationId } from '../domain/core/operation-ids';
import { UUID_PATTERN, UUID_V7_PATTERN } from '../domain/core/patterns';
import type { World } from '../domain/engine/world';
import type { MessageFilter } from '../domain/messages/message-filter';
import { getMessage, listMessages, sendMessage } from '../domain/messages/messages';
import type { PageRequest } from '../domain/storage/query';
import type { Scope } from '../domain/tenancy/api-keys';
import * as schemas from './request-schemas';
import { memoByQuery, messageDetailJson, messageListEntryJson, pageText } from './response-text';
import * as render from './serializers';
import { parse, parseId, parseQuery } from './validate';

/** What a handler receives. */
export interface OperationContext {
  readonly world: World;
  readonly caller: Caller;
  readonly params: Readonly<Record<string, string>>;
  readonly query: string;
  /** The parsed JSON body of a POST (`undefined` for GET). */
  readonly json: unknown;
}

/** What a handler returns: a status and a JSON-serialisable body. */
type OperationResult =
  | { readonly status: number; readonly body: unknown }
  /** A body already serialized (list pages assembled from cached entries). */
  | { readonly status: number; readonly json: string };

/** One operation of the contract. */
export interface Operation {
  readonly operationId: OperationId;
  readonly method: 'GET' | 'POST';
  /** The contract's path template under `/c/v1` (`/messages/{message_id}`). */
  readonly path: string;
  readonly scope: Scope;
  readonly handle: (context: OperationContext) => OperationResult;
}

type PageParameter = 'page' | 'size' | 'order' | 'order_by' | 'created_at__ge' | 'created_at__le';

/** The paging, order and creation window every list's query shares, as the domain asks for them. */
function pageRequest(
  query: Pick<z.output<typeof schemas.listCampaignsQuery>, PageParameter>,
): PageRequest {
  return defined({
    page: query.page,
    size: query.size,
    order: query.order,
    orderBy: query.order_by,
    createdFrom: query.created_at__ge,
    createdTo: query.created_at__le,
  });
}

/** The domain filter of the two message lists, from their (shared) query parameters. */
function messageFilter(input: z.output<typeof schemas.listCampaignMessagesQuery>): MessageFilter {
  const senders = input.sms_remitter_id;
  return defined({
    q: input.q,
    statuses: input.status,
    channels: input.channel_type,
    contactIds: input.contact_id,
    campaignIds: input.campaign_id,
    senderIds: senders !== undefined && senders.length > 0 ? senders : undefined,
    errorCodes: input.error_code,
    triggers: input.trigger_source,
    destinations: input.channel_destination,
  });
}

function defined<T extends object>(object: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined),
  ) as never;
}

/** A page of a list whose entries are rendered here (`GET /messages` keeps its entry texts). */
function listPage<T>(
  query: { page: number; size: number },
  total: number,
  entries: readonly T[],
  write: (entry: T) => unknown,
): OperationResult {
  const texts = entries.map((entry) => JSON.stringify(write(entry)));
  return { status: 200, json: render.pageEnvelopeJson(total, query.page, query.size, texts) };
}

/** `GET /messages`'s query string, parsed and turned into a filter and a page. */
const messageListQuery = memoByQuery((query) => {
  const input = parseQuery(schemas.listMessagesQuery, query);
  // `remitter_id` is an alias of `sms_remitter_id` here.
  const senders = [...(input.sms_remitter_id ?? []), ...(input.remitter_id ?? [])];
  return {
    input,
    filter: messageFilter({ ...input, sms_remitter_id: senders }),
    request: pageRequest(input),
  };
});

/** `GET /campaigns/{campaign_id}/messages`'s query string, likewise. */
const campaignMessageListQuery = memoByQuery((query) => {
  const input = parseQuery(schemas.listCampaignMessagesQuery, query);
  return { input, filter: messageFilter(input), request: pageRequest(input) };
});

/** Every operation, in the contract's order. */
export const OPERATIONS: readonly Operation[] = [
  {
    operationId: 'sendMessage',
    method: 'POST',
    path: '/messages',
    scope: 'apikey:messages:send',
    handle: ({ world, caller, json }) => {
      const input = parse(schemas.sendMessageBody, json);
      const message = sendMessage(
        world,
        caller,
        defined({
          to: input.to,
          body: input.body,
          channelType: input.channel_type ?? 'SMS',
          senderId: input.remitter_id,
          externalId: input.external_id,
          countryAlpha2: input.country_alpha2,
        }),
      );
      return { status: 201, body: render.sentMessage(message) };
    },
  },
  {
    operationId: 'listMessages',
    method: 'GET',
    path: '/messages',
    scope: 'apikey:messages:list',
    handle: ({ world, caller, query }) => {
      const { input, filter, request } = messageListQuery(query);
      const page = listMessages(world, caller, filter, request);
      const entries = page.entries.map((message) => messageListEntryJson(world, message));
      // Per tenant and query, so that pages polled side by side do not push each other out.
      const key = `${caller.organizationId}|${caller.environment}|${query}`;
      return {
        status: 200,
        json: pageText(world, key, page.total, input.page, input.size, entries),
      };
    },
  },
  {
    operationId: 'retrieveMessage',
    method: 'GET',
    path: '/messages/{message_id}',
    scope: 'apikey:messages:read',
    handle: ({ world, caller, params }) => {
      const id = parseId(schemas.messageIdParam, UUID_V7_PATTERN, params.message_id!, 'message_id');
      return { status: 200, json: messageDetailJson(world, getMessage(world, caller, id)) };
    },
  },
  {
    operationId: 'sendBatchCampaign',
    method: 'POST',
    path: '/campaigns/batch',
    scope: 'apikey:campaign:send',
    handle: ({ world, caller, json }) => {
      const input = parse(schemas.sendBatchBody, json);
      const campaign = sendBatch(
        world,
        caller,
        defined({
          senderId: input.remitter_id,
          content: input.content,
          channelType: input.channel_type,
          recipients: input.recipients,
          name: input.name,
          countryAlpha2: input.country_alpha2,
        }),
      );
      return { status: 202, body: render.batchAccepted(campaign) };
    },
  },
  {
    operationId: 'listCampaigns',
    method: 'GET',
    path: '/campaigns',
    scope: 'apikey:campaigns:read',
    handle: ({ world, caller, query }) => {
      const input = parseQuery(schemas.listCampaignsQuery, query);
      const senders = [...(input.remitter_id ?? []), ...(input.sms_remitter_id ?? [])];
      const page = listCampaigns(
        world,
        caller,
        defined({
          q: input.q,
          statuses: input.status,
          channels: input.channel_type,
          tagIds: input.tag_id,
          senderIds: senders.length > 0 ? senders : undefined,
          errorCodes: input.error_code,
          triggers: input.trigger_source,
        }),
        pageRequest(input),
      );
      return listPage(input, page.total, page.entries, (entry) =>
        render.campaignObject(world, entry),
      );
    },
  },
  {
    operationId: 'retrieveCampaign',
    method: 'GET',
    path: '/campaigns/{campaign_id}',
    scope: 'apikey:campaigns:read',
    handle: ({ world, caller, params }) => {
      const id = parseId(schemas.campaignIdParam, UUID_PATTERN, params.campaign_id!, 'campaign_id');
      return { status: 200, body: render.campaignObject(world, getCampaign(world, caller, id)) };
    },
  },
  {
    operationId: 'listCampaignMessages',
    method: 'GET',
    path: '/campaigns/{campaign_id}/messages',
    scope: 'apikey:campaigns:read',
    handle: ({ world, caller, params, query }) => {
      const id = parseId(schemas.campaignIdParam, UUID_PATTERN, params.campaign_id!, 'campaign_id');
      const { input, filter, request } = campaignMessageListQuery(query);
      const page = listCampaignMessages(world, caller, id, filter, request);
      const campaign = getCampaign(world, caller, id);
      return listPage(input, page.total, page.entries, (entry) =>
        render.campaignMessageEntry(world, entry, campaign),
      );
    },
  },
];
