/** Tests of HashColumn: hashes kept as bytes must read back and compare as their text. */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../changeLog/diff.js';
import { decodeHash, HASH_BYTES, HashColumn } from './hashColumn.js';

/** 20 bytes in base64 as Node writes them. */
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytesArb = fc.uint8Array({ minLength: HASH_BYTES, maxLength: HASH_BYTES });

describe('decodeHash', () => {
  it('decodes every 20 bytes written in base64, as Buffer does', () => {
    fc.assert(
      fc.property(bytesArb, fc.integer({ min: 0, max: 5 }), (bytes, at) => {
        const into = new Uint8Array(at + HASH_BYTES);
        expect(decodeHash(b64(bytes), into, at)).toBe(true);
        expect([...into.subarray(at)]).toEqual([...bytes]);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses any text that is not how 20 bytes encode (it would not read back the same)', () => {
    const into = new Uint8Array(HASH_BYTES);
    const one = contentHash('x');
    for (const text of [
      '',
      one.slice(0, 27),
      `${one.slice(0, 27)}A`,
      `${one}=`,
      // A spare bit set: Buffer decodes it to the same bytes as another text.
      'AAAAAAAAAAAAAAAAAAAAAAAAAAB=',
      // The URL-safe alphabet, which Buffer also decodes.
      `-${one.slice(1)}`,
      `_${one.slice(1)}`,
      `é${one.slice(1)}`,
      ' '.repeat(27) + '=',
    ])
      expect(decodeHash(text, into, 0)).toBe(false);
    // What it accepts is exactly what reads back the same through Buffer.
    fc.assert(
      fc.property(fc.string({ minLength: 28, maxLength: 28 }), (s) => {
        const text = `${s.slice(0, 27)}=`;
        const scratch = Buffer.alloc(HASH_BYTES);
        const canonical =
          scratch.write(text, 'base64') === HASH_BYTES && scratch.toString('base64') === text;
        expect(decodeHash(text, into, 0)).toBe(canonical);
      }),
      { numRuns: 500 },
    );
  });
});

describe('HashColumn', () => {
  /** Hashes as a store or a page may hold them: SHA-1s, none, and texts that are not one. */
  const hashArb = fc.oneof(
    bytesArb.map(b64),
    fc.integer({ min: 0, max: 3 }).map((i) => createHash('sha1').update(`r${i}`).digest('base64')),
    fc.constantFrom('', 'not-a-hash', 'AAAAAAAAAAAAAAAAAAAAAAAAAAB='),
  );

  it('gives back each text set, compares it as the text would, and crosses threads whole', () => {
    fc.assert(
      fc.property(fc.array(hashArb, { minLength: 1, maxLength: 12 }), (texts) => {
        const column = new HashColumn(texts.length);
        // Set twice: a slot set again forgets what it held (a text kept apart included).
        texts.forEach((t, i) => column.set(i, texts[texts.length - 1 - i] as string));
        texts.forEach((t, i) => column.set(i, t));
        const { data, transfer } = column.data();
        const copy = new HashColumn(structuredClone(data, { transfer }));
        texts.forEach((t, i) => {
          expect(copy.get(i)).toBe(t);
          texts.forEach((u, j) => {
            expect(copy.is(i, u)).toBe(t === u);
            expect(copy.same(i, copy, j)).toBe(t === u);
          });
        });
      }),
      { numRuns: 300 },
    );
  });
});
