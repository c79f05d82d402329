/**
 * The demo world. Its keys are fixed strings so that docs, examples and scripts in any language can
 * use them as written — except in a world with a key namespace, whose keys must be its own.
 */

import type { Contact, Organization, SenderId, Tag } from '../core/model';
import type { World } from '../core/world';
import { issueApiKey } from './api-keys';
import { createContact, createOrganization, createSender, createTag } from './organizations';

/** The demo's live key. */
export const DEMO_LIVE_KEY = 'svc_live_demo0000000000000000000000000001';
/** The demo's test key. */
export const DEMO_TEST_KEY = 'svc_test_demo0000000000000000000000000001';
/** The demo organization's webhook signing secret. */
export const DEMO_WEBHOOK_SECRET = 'whsec_ZGVtby13ZWJob29rLXNpZ25pbmctc2VjcmV0LTAx';
/** The demo organization's id: the same in every run. */
export const DEMO_ORGANIZATION_ID = '019b78c9-0a80-7000-8088-709ae66dfbc2';
/** The id of the demo's approved sender ID `MSGSVC`: the same in every run. */
export const DEMO_SENDER_ID = '019b78c9-0a80-7000-8088-85b7387302d1';
/** The demo account's opening balance: 1,000,000 AOA, in micro-units. */
const DEMO_BALANCE = 1_000_000_000_000;

/** What `seedDemo()` created. */
export interface DemoWorld {
  /** The demo organization (default country AO, currency AOA, 1,000,000.000000 funded). */
  readonly organization: Organization;
  /** A live key with every scope: {@link DEMO_LIVE_KEY} (a random one in a key namespace). */
  readonly liveKey: string;
  /** A test key with every scope: {@link DEMO_TEST_KEY} (a random one in a key namespace). */
  readonly testKey: string;
  /** Signing secret of webhook endpoints registered without one. */
  readonly webhookSecret: string;
  /** The approved sender ID `MSGSVC`, the organization's default. */
  readonly sender: SenderId;
  /** The tags `vip` and `luanda`. */
  readonly tags: readonly Tag[];
  /** Three contacts: Ana Silva, Bruno Costa and Carla Neto. */
  readonly contacts: readonly Contact[];
}

/**
 * The seed of the demo world's own id stream: its organization, account, keys, sender ID, tags,
 * contacts and opening ledger entry have the same ids in every run, whatever the world's seed and
 * clock, so that ids copied from the docs or a previous run stay true.
 */
const DEMO_ID_SEED = 20_260_101;
/** The instant the demo world's ids carry (UUID v7 embeds one): 2026-01-01T09:00:00Z. */
const DEMO_ID_INSTANT = Date.UTC(2026, 0, 1, 9, 0, 0);

/** Seeds the demo organization into a world, with the same ids in every run. */
export function seedDemoWorld(world: World): DemoWorld {
  return world.withFixedIds(DEMO_ID_SEED, DEMO_ID_INSTANT, () => {
    // A world with a key namespace (one of several on a server) gets keys and a secret of its own.
    const fixed = world.keyNamespace === undefined;
    const organization = createOrganization(world, {
      name: 'Demo Organization',
      balance: DEMO_BALANCE,
      ...(fixed ? { webhookSecret: DEMO_WEBHOOK_SECRET } : {}),
    });
    const [liveKey, testKey] = (['live', 'test'] as const).map((environment) =>
      issueApiKey(world, {
        organizationId: organization.id,
        environment,
        name: `Demo ${environment} key`,
        ...(fixed ? { key: environment === 'live' ? DEMO_LIVE_KEY : DEMO_TEST_KEY } : {}),
      }),
    );
    const sender = createSender(world, { organizationId: organization.id, name: 'MSGSVC' });
    const vip = createTag(world, organization.id, 'vip');
    const luanda = createTag(world, organization.id, 'luanda');
    const contacts = (
      [
        ['Ana Silva', '+244923000001', 'ana.silva@example.ao', [vip, luanda]],
        ['Bruno Costa', '+244912000002', 'bruno.costa@example.ao', [luanda]],
        ['Carla Neto', '+244951000003', null, [vip]],
      ] as const
    ).map(([name, e164, email, tags]) =>
      createContact(world, {
        organizationId: organization.id,
        name,
        e164,
        email,
        tagIds: tags.map((tag) => tag.id),
      }),
    );
    return {
      organization,
      liveKey: liveKey!.key,
      testKey: testKey!.key,
      webhookSecret: organization.webhookSecret,
      sender,
      tags: [vip, luanda],
      contacts,
    };
  });
}
