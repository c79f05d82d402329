import fc from 'fast-check';
import { expect, it } from 'vitest';
import { pageEnvelopeJson } from '../src/http/serializers';

// The list page written as text around serialized entries must be exactly what JSON.stringify of
// the envelope object writes, field order included (pages rounded up; 0 for an empty list).
it('pageEnvelopeJson writes what JSON.stringify of the envelope writes', () => {
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
        const pages = Math.ceil(total / size);
        expect(text).toBe(JSON.stringify({ total, page, size, pages, entries }));
      },
    ),
  );
});
