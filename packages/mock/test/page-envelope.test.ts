import fc from 'fast-check';
import { expect, it } from 'vitest';
import { pageEnvelope, pageEnvelopeJson } from '../src/http/serializers';

// The list page written as text around cached entries must be exactly what JSON.stringify of the
// envelope object writes, field order included.
it('pageEnvelopeJson writes what JSON.stringify(pageEnvelope(…)) writes', () => {
  const entry = fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.constant(null)));
  fc.assert(
    fc.property(
      fc.nat(2_000_000),
      fc.integer({ min: 1, max: 100_000 }),
      fc.integer({ min: 1, max: 100 }),
      fc.array(entry, { maxLength: 5 }),
      (total, page, size, entries) => {
        const text = pageEnvelopeJson(
          total,
          page,
          size,
          entries.map((e) => JSON.stringify(e)),
        );
        expect(text).toBe(JSON.stringify(pageEnvelope(total, page, size, entries)));
      },
    ),
  );
});
