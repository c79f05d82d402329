/** The message operations of the public API. */
import { countSegments, formatMoney } from '@msgsvc/sdk/sms';
import { getAccount, post } from '../billing/billing-ledger';
import { quoteMessage } from '../billing/pricing';
import type { Caller } from '../core/caller';
import { DomainError, found, validationError } from '../core/errors';
import type { ChannelType, MessageRecord } from '../core/model';
import type { World } from '../core/world';
import { normalizeRecipient } from '../phone/recipients';
import type { Page, PageRequest } from '../storage/query';
import { getOrganization, usableSender } from '../tenancy/organizations';
import { createMessage } from './message-factory';
import { type MessageFilter, queryMessages } from './message-filter';

/** WhatsApp text bodies are limited to 4,096 characters (Meta's limit). */
const WHATSAPP_MAX_BODY = 4096;

/** A validated `POST /messages` body. */
export interface SendMessageParams {
  readonly to: string;
  readonly body: string;
  readonly channelType: ChannelType;
  readonly senderId?: string;
  readonly externalId?: string;
  readonly countryAlpha2?: string;
}

/**
 * Sends one message. Every check runs before anything changes: a refused send leaves no record and
 * no ledger entry.
 */
export function sendMessage(
  world: World,
  caller: Caller,
  params: SendMessageParams,
): MessageRecord {
  const organization = getOrganization(world, caller.organizationId);
  const live = caller.environment === 'live';
  if (!live && params.channelType === 'WHATSAPP') {
    throw new DomainError({
      code: 'TEST_MODE_CHANNEL_UNSUPPORTED',
      message: 'WhatsApp does not support test mode: use a live key.',
      fields: { channel_type: 'WHATSAPP is not available to test keys.' },
    });
  }
  // Characters are code points, as the contract's maxLength counts them (not UTF-16 units).
  if (params.channelType === 'WHATSAPP' && [...params.body].length > WHATSAPP_MAX_BODY) {
    throw validationError({
      body: `WhatsApp messages are at most ${WHATSAPP_MAX_BODY} characters.`,
    });
  }
  const sender = usableSender(world, organization.id, params.senderId);
  const number = normalizeRecipient(params.to, params.countryAlpha2 ?? organization.defaultCountry);
  if (!number.ok) throw validationError({ to: 'Must be an E.164 number.' });

  const account = getAccount(world, organization.billingAccountId);
  const spec = {
    channel: params.channelType,
    content: params.body,
    segmentsOf: countSegments(params.body),
  };
  const { cost } = quoteMessage(world, spec, number.e164);
  if (live && account.balance < cost) throw insufficientFunds(account.balance, cost);

  const message = createMessage(
    world,
    {
      ...spec,
      organizationId: organization.id,
      environment: caller.environment,
      billingAccountId: account.id,
      campaignId: null,
      senderId: sender.id,
      externalId: params.externalId ?? null,
      trigger: 'API_CLIENT',
      e164: number.e164,
      input: params.to,
    },
    live,
  );
  if (live && cost > 0) {
    post(world, account, 'MESSAGE_DEBIT', -cost, { messageId: message.id }, 'Message');
  }
  return message;
}

/** The caller's message with `id`; another tenant's answers `NOT_FOUND` like a missing one. */
export function getMessage(world: World, caller: Caller, id: string): MessageRecord {
  const message = world.messages.getOwned(
    id.toLowerCase(),
    caller.organizationId,
    caller.environment,
  );
  return found(message, 'Message not found.', 'NOT_FOUND');
}

/** A page of the caller's messages. */
export function listMessages(
  world: World,
  caller: Caller,
  filter: MessageFilter,
  page: PageRequest,
): Page<MessageRecord> {
  return queryMessages(world.messages, caller.organizationId, caller.environment, filter, page);
}

/**
 * The 402 of the service (`service: billing`). The envelope has no amount fields, so the message
 * names both amounts and the shortfall.
 */
export function insufficientFunds(balance: number, cost: number): DomainError {
  return new DomainError({
    code: 'BILLING_INSUFFICIENT_FUNDS',
    message: `Insufficient funds: the balance (${formatMoney(balance)}) is below the estimated cost (${formatMoney(cost)}); short by ${formatMoney(cost - balance)}.`,
  });
}
