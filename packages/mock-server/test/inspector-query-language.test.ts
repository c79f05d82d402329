/**
 * The filter language (D156, D157): every key, values in any case, repeated keys, quotes, free
 * text around filters, and bad input of every kind refused as a `VALIDATION_ERROR` on `q` that
 * names the valid keys — prototype-named keys and values included — never a crash. Accent folding
 * (D158) is checked on the fold every search uses.
 */
import { createMockService, DomainError, type MockService } from '@msgsvc/mock';
import { isOptedOut, listStatusOf, type MessageRecord } from '@msgsvc/mock/port';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseFilter, tokenize } from '../src/query/query-language';
import { QUERY_KEYS } from '../src/query/query-vocabulary';
import { filteredCampaigns, filteredMessages, foldText, textTest } from '../src/query/search';

const parseMessageQuery = (q: string) => parseFilter('messages', q);
const parseCampaignQuery = (q: string) => parseFilter('campaigns', q);

/** The `q` message of the error a query is refused with. */
function refusal(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const domain = error as DomainError;
    expect(domain.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(domain.fields ?? {})).toEqual(['q']);
    return domain.fields!.q!;
  }
  throw new Error('accepted');
}

// A world with a message of each kind the keys tell apart, at known world times.
const MIDNIGHT = Date.UTC(2026, 2, 4);
let mock: MockService;
let acmeId: string;
let campaignId: string;

function post(key: string, path: string, body: unknown): Record<string, string> {
  const response = mock.handle({
    method: 'POST',
    path: `/c/v1/${path}`,
    query: '',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response instanceof Promise || response.status >= 300) throw new Error(`${path} failed`);
  return JSON.parse(response.body as string);
}

beforeAll(() => {
  mock = createMockService({ rateLimits: false, startTime: MIDNIGHT - 3_600_000 });
  const demo = mock.seedDemo();
  const acme = mock.control.createOrganization({ name: 'Acme', balance: '1000.00' });
  acmeId = acme.id;
  const acmeKey = mock.control.issueApiKey({ organization_id: acme.id }).key;
  mock.control.createSenderId({ organization_id: acme.id, name: 'ACME', status: 'APPROVED' });
  post(demo.liveKey, 'messages', { to: '+244923000001', body: 'Olá nota: um mundo' });
  mock.clock.runUntil(new Date(MIDNIGHT));
  post(demo.testKey, 'messages', { to: '+244924000002', body: 'Teste' });
  mock.clock.runUntil(new Date(Date.UTC(2026, 2, 4, 9, 15, 30, 123)));
  post(acmeKey, 'messages', { to: '+244923111222', body: 'Seu crédito' });
  post(demo.liveKey, 'messages', { to: '+244900000002', body: 'Ausente' });
  mock.clock.runUntil(new Date(Date.UTC(2026, 2, 4, 10, 15)));
  campaignId = post(demo.liveKey, 'campaigns/batch', {
    remitter_id: demo.sender.id,
    channel_type: 'SMS',
    name: 'Natal: 2026',
    content: 'Feliz Natal',
    // A number each of delivered, failed (refunded), rejected (refunded) and invalid.
    recipients: ['+244923700001', '+244900000005', '+244900000004', '1234562'],
  }).campaign_id!;
  mock.clock.runUntilIdle();
  mock.control.simulateInbound({ from: '+244923000001', to: 'MSGSVC', body: 'STOP' });
});

/** The ids a messages list finds for `q`, sorted. */
const found = (q: string) =>
  filteredMessages(mock.world, q, 0, 200)
    .entries.map((m) => m.id)
    .sort();
/** The ids of the world's messages `test` lets through, sorted (the oracle). */
function oracle(test: (message: MessageRecord) => boolean, some: string | false = 'any'): string[] {
  const ids = [...mock.world.messages.all()].filter(test).map((m) => m.id);
  if (some !== false) expect(ids.length, some).toBeGreaterThan(0);
  return ids.sort();
}

describe('message filters', () => {
  it('read every key, in any case', () => {
    const failed = (m: MessageRecord) => listStatusOf(m.status) === 'FAILED';
    const cases: [string, (m: MessageRecord) => boolean][] = [
      ['Status:FAILED', failed],
      ['channel:Sms', (m) => m.channel === 'SMS'],
      ['env:Test', (m) => m.environment === 'test'],
      ['org:ACME', (m) => m.organizationId === acmeId],
      [`campaign:${campaignId.toUpperCase()}`, (m) => m.campaignId === campaignId],
      ['error:invalid_phone_number', (m) => m.errorCode === 'INVALID_PHONE_NUMBER'],
      ['error:Absent_Subscriber', (m) => m.errorCode === 'ABSENT_SUBSCRIBER'],
      ['to:+244-923', (m) => m.e164.includes('244923')],
      ['before:2026-03-04', (m) => m.createdAt < MIDNIGHT],
      ['after:2026-03-04T10:15:00Z', (m) => m.createdAt >= Date.UTC(2026, 2, 4, 10, 15)],
      ['is:Refunded', (m) => m.refunded],
      ['IS:opted-out', (m) => isOptedOut(mock.world, m.organizationId, m.environment, m.e164)],
    ];
    for (const [query, test] of cases) expect(found(query), query).toEqual(oracle(test, query));
    expect(found('channel:WhatsApp')).toEqual([]);
    // Different keys all hold.
    expect(found(`Status:FAILED campaign:${campaignId} is:refunded`)).toEqual(
      oracle((m) => failed(m) && m.campaignId === campaignId && m.refunded),
    );
  });

  it('keep free text around the filters, quoted phrases as written', () => {
    const text = parseMessageQuery('  Olá  status:sent "nota: um"   mundo ').text;
    expect(text).toBe('Olá nota: um mundo');
    expect(found('  Olá  env:live "nota: um"   mundo ')).toEqual(
      oracle((m) => m.content === 'Olá nota: um mundo'),
    );
    expect(parseMessageQuery('credito').keys.size).toBe(0);
    expect(parseMessageQuery('').text).toBe('');
    // A colon after something that is no key name is text: times, numbers, `+244:`.
    expect(parseMessageQuery('Campaign 77: at 10:30 +244:').text).toBe(
      'Campaign 77: at 10:30 +244:',
    );
  });

  it('collect a repeated key as alternatives', () => {
    expect(found('status:failed status:DELIVERED to:923 to:924')).toEqual(
      oracle(
        (m) =>
          ['FAILED', 'DELIVERED'].includes(listStatusOf(m.status)) &&
          (m.e164.includes('923') || m.e164.includes('924')),
      ),
    );
  });

  it('take quoted values with spaces and colons', () => {
    expect(found('campaign:"Natal: 2026" feliz')).toEqual(
      oracle((m) => m.campaignId === campaignId),
    );
    expect(found('org:"Acme" crédito')).toEqual(oracle((m) => m.organizationId === acmeId));
  });

  it('read times as world time: a date is midnight UTC, a time without offset is UTC', () => {
    const from = (at: number) => oracle((m) => m.createdAt >= at);
    expect(found('after:2026-03-04')).toEqual(from(MIDNIGHT));
    expect(found('after:2026-03-04T10:15')).toEqual(from(Date.UTC(2026, 2, 4, 10, 15)));
    // A finer fraction is cut, not rounded: .123999 is the message sent at .123.
    const at123 = Date.UTC(2026, 2, 4, 9, 15, 30, 123);
    expect(found('after:2026-03-04T10:15:30.123999+01:00')).toEqual(from(at123));
    expect(found('before:2026-03-04t09:15:30.123z')).toEqual(oracle((m) => m.createdAt < at123));
  });
});

describe('campaign filters', () => {
  it('read the keys that apply to a campaign, with campaign states', () => {
    const ids = (q: string) => filteredCampaigns(mock.world, q, 0, 200).entries.map((c) => c.id);
    expect(ids('status:COMPLETED channel:sms org:demo natal')).toEqual([]);
    const campaign = mock.world.campaigns.get(campaignId)!;
    expect(campaign.status).toBe('COMPLETED');
    expect(ids(`status:completed channel:SMS env:LIVE campaign:${campaignId} natal`)).toEqual([
      campaignId,
    ]);
    expect(ids('status:completed org:acme')).toEqual([]);
    expect(refusal(() => parseCampaignQuery('status:delivered'))).toContain(
      'status: takes draft, pending, processing, sending, completed, failed',
    );
  });

  it('refuse the keys of messages, saying so', () => {
    expect(refusal(() => parseCampaignQuery('error:X'))).toContain(
      'error: filters messages, not campaigns',
    );
    expect(refusal(() => parseCampaignQuery('is:refunded'))).toContain(
      `The campaigns filters are ${QUERY_KEYS.campaigns.map((k) => `${k}:`).join(' ')}.`,
    );
  });
});

describe('bad queries are refused on q, naming the valid keys', () => {
  const keys = QUERY_KEYS.messages.map((key) => `${key}:`).join(' ');

  it.each([
    ['an unknown key', 'state:failed'],
    ['a misspelt key', 'staus:failed'],
    ['a key named like a prototype', '__proto__:x'],
    ['constructor', 'constructor:x'],
    ['an empty value', 'status:'],
    ['a URL typed bare', 'https://example.com'],
  ])('%s', (_, query) => {
    const message = refusal(() => parseMessageQuery(query));
    expect(message).toContain(`The messages filters are ${keys}.`);
  });

  it.each([
    ['status:__proto__', 'status: takes pending, sent'],
    ['status:constructor', 'status: takes pending, sent'],
    ['status:toString', 'status: takes pending, sent'],
    ['channel:sms2', 'channel: takes sms, whatsapp'],
    ['is:__proto__', 'is: takes refunded, opted-out'],
    ['is:hasOwnProperty', 'is: takes refunded, opted-out'],
    ['error:not-a-code', 'error: takes an error code'],
    ['to:abc', 'to: takes digits'],
    ['to:+', 'to: takes digits'],
    ['before:yesterday', 'before: takes a world time'],
    ['after:2026-13-01', 'is not a date that exists'],
    ['after:2026-02-30', 'is not a date that exists'],
    ['before:2026-01-01T24:00Z', 'is not a date that exists'],
    ['after:2026-01-01T09:60', 'is not a date that exists'],
  ])('%s', (query, expected) => {
    expect(refusal(() => parseMessageQuery(query))).toContain(expected);
  });

  it('an unclosed quote, in a value or in free text', () => {
    expect(refusal(() => parseMessageQuery('org:"Loja'))).toContain('is not closed');
    expect(refusal(() => parseMessageQuery('a "b c'))).toContain('quote opened at character 3');
  });

  it('whatever is typed: parsed or refused in the envelope, never another error', () => {
    const vocabulary = fc.constantFrom(
      'status:',
      'is:',
      'to:',
      'after:',
      '"',
      ' ',
      ':',
      '__proto__',
      'é',
      'failed',
      '2026-01-01',
      'x',
    );
    fc.assert(
      fc.property(fc.array(vocabulary, { maxLength: 12 }), (parts) => {
        const query = parts.join('');
        for (const parse of [parseMessageQuery, parseCampaignQuery]) {
          try {
            parse(query);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
          }
        }
      }),
    );
  });
});

describe('tokenize', () => {
  it('splits keys, values and text, without building objects from the input', () => {
    expect(tokenize('a STATUS:"x y" "b:c"')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'filter', key: 'status', value: 'x y' },
      { kind: 'text', text: 'b:c' },
    ]);
    expect(tokenize('""  ')).toEqual([]);
  });
});

describe('accent folding (D158)', () => {
  it('folds case and combining marks, composed or not', () => {
    expect(foldText('Crédito Ação ÇÃO')).toBe('credito acao cao');
    expect(foldText('Cre\u0301dito')).toBe('credito');
    expect(foldText('plain ASCII')).toBe('plain ascii');
  });

  it('makes `credito` and `crédito` find the same strings', () => {
    const texts = ['Seu crédito', 'CREDITO', 'debito', 'Cre\u0301dito'].map(foldText);
    for (const needle of ['credito', 'CRÉDITO']) {
      expect(texts.map((text) => text.includes(foldText(needle)))).toEqual([
        true,
        true,
        false,
        true,
      ]);
    }
  });

  it('answers a run of records as each record alone (the last text’s answer is reused)', () => {
    const text = fc.constantFrom('Seu crédito', 'CREDITO', 'debito', '', 'Natal 2026', 'cre');
    fc.assert(
      fc.property(fc.constantFrom('credito', 'cre', 'natal 2', 'x'), fc.array(text), (q, texts) => {
        const test = textTest(q)!;
        const answers = texts.map((t) => test(null, null, t));
        expect(answers).toEqual(texts.map((t) => foldText(t).includes(foldText(q))));
      }),
    );
  });
});
