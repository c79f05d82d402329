/**
 * The filter language (D156, D157): every key, values in any case, repeated keys, quotes, free
 * text around filters, and bad input of every kind refused as a `VALIDATION_ERROR` on `q` that
 * names the valid keys — prototype-named keys and values included — never a crash. Accent folding
 * (D158) is checked on the fold every search uses.
 */
import { DomainError } from '@msgsvc/mock';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseCampaignQuery,
  parseMessageQuery,
  QUERY_KEYS,
  tokenize,
} from '../src/query/query-language';
import { foldText } from '../src/query/search';

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

describe('message filters', () => {
  it('read every key, in any case', () => {
    const filter = parseMessageQuery(
      'Status:FAILED channel:WhatsApp env:Test org:Acme campaign:0198c9a0-0000-7000-8000-000000000001 ' +
        'error:absent_subscriber to:+244-923 before:2026-01-02 after:2026-01-01T09:30:00Z ' +
        'is:Refunded IS:opted-out',
    );
    expect(filter).toEqual({
      statuses: ['FAILED'],
      channels: ['WHATSAPP'],
      environments: ['test'],
      orgs: ['acme'],
      campaigns: ['0198c9a0-0000-7000-8000-000000000001'],
      errors: ['ABSENT_SUBSCRIBER'],
      to: ['244923'],
      before: [Date.parse('2026-01-02T00:00:00Z')],
      after: [Date.parse('2026-01-01T09:30:00Z')],
      flags: ['refunded', 'opted-out'],
      text: '',
      filtered: true,
    });
  });

  it('keep free text around the filters, quoted phrases as written', () => {
    const filter = parseMessageQuery('  Olá  status:sent "nota: um"   mundo ');
    expect(filter.statuses).toEqual(['SENT']);
    expect(filter.text).toBe('Olá nota: um mundo');
    expect(parseMessageQuery('credito').filtered).toBe(false);
    expect(parseMessageQuery('').text).toBe('');
    // A colon after something that is no key name is text: times, numbers, `+244:`.
    expect(parseMessageQuery('Campaign 77: at 10:30 +244:').text).toBe(
      'Campaign 77: at 10:30 +244:',
    );
  });

  it('collect a repeated key as alternatives', () => {
    const filter = parseMessageQuery('status:failed status:REJECTED to:923 to:924');
    expect(filter.statuses).toEqual(['FAILED', 'REJECTED']);
    expect(filter.to).toEqual(['923', '924']);
  });

  it('take quoted values with spaces and colons', () => {
    const filter = parseMessageQuery('org:"Loja Central" campaign:"Natal: 2026" x');
    expect(filter.orgs).toEqual(['loja central']);
    expect(filter.campaigns).toEqual(['natal: 2026']);
    expect(filter.text).toBe('x');
  });

  it('read times as world time: a date is midnight UTC, a time without offset is UTC', () => {
    const at = (value: string) => parseMessageQuery(`after:${value}`).after[0];
    expect(at('2026-03-04')).toBe(Date.UTC(2026, 2, 4));
    expect(at('2026-03-04T10:15')).toBe(Date.UTC(2026, 2, 4, 10, 15));
    expect(at('2026-03-04T10:15:30.123456+01:00')).toBe(Date.UTC(2026, 2, 4, 9, 15, 30, 123));
    expect(at('2026-03-04t10:15:30z')).toBe(Date.UTC(2026, 2, 4, 10, 15, 30));
  });
});

describe('campaign filters', () => {
  it('read the keys that apply to a campaign, with campaign states', () => {
    expect(parseCampaignQuery('status:completed channel:sms org:acme natal')).toMatchObject({
      statuses: ['COMPLETED'],
      channels: ['SMS'],
      orgs: ['acme'],
      text: 'natal',
      filtered: true,
    });
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
});
