/** Tests of KnownTable: it must hold what a map of the records would, in the window's order. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../changeLog/diff.js';
import { formatReferralHash } from '../../changeLog/referralHash.js';
import { HashColumn } from '../pages/hashColumn.js';
import { byPlace, KnownTable, type Known, type Place } from './knownTable.js';

/**
 * Hash texts as the store may hold them: SHA-1s in base64 (kept as bytes), none, and texts that
 * are not (an older relay's, one that decodes to 20 bytes but is not how they encode again).
 */
const hashArb = fc.oneof(
  fc.integer({ min: 0, max: 6 }).map((i) => contentHash(`record ${i}`)),
  fc.constantFrom('', 'not-a-hash', 'AAAAAAAAAAAAAAAAAAAAAAAAAAB=', 'AAAAAAAAAAAAAAAAAAAAAAAAAAA='),
);
/** Dates with ties, and NaN (a referral without a readable addDate has no place). */
const dateArb = fc.oneof(
  fc.integer({ min: 0, max: 5 }).map((d) => 1_700_000_000_000 + d),
  fc.constant(NaN),
);

const knownArb = fc.record({
  id: fc.integer({ min: 1, max: 60 }),
  valid: hashArb,
  raw: hashArb,
  added: dateArb,
  lastMod: dateArb,
});
type Op = { kind: 'set'; k: Known } | { kind: 'delete'; id: number };
const opsArb = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: knownArb.map((k): Op => ({ kind: 'set', k })) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 60 }).map((id): Op => ({ kind: 'delete', id })),
    },
  ),
  { maxLength: 300 },
);

/** Raw hashes looked up: as text, and as a page's column holds them. */
const RAWS = ['', 'not-a-hash', contentHash('record 1'), 'AAAAAAAAAAAAAAAAAAAAAAAAAAB='];
const rawColumn = new HashColumn(RAWS.length);
RAWS.forEach((raw, i) => rawColumn.set(i, raw));

/** What the table must hold, from a plain map. */
function expectHolds(table: KnownTable, want: ReadonlyMap<number, Known>, probes: Place[]): void {
  expect(table.size).toBe(want.size);
  const placed = [...want.values()].filter((k) => Number.isFinite(k.added)).sort(byPlace);
  const place = (k: Place): Place => ({ id: k.id, added: k.added });
  expect([...table.places()]).toEqual(placed.map(place));
  for (const p of probes)
    expect([...table.from(p)]).toEqual(placed.filter((k) => byPlace(k, p) >= 0).map(place));
  expect([...table.unplaced()].sort((a, b) => a - b)).toEqual(
    [...want.values()]
      .filter((k) => !Number.isFinite(k.added))
      .map((k) => k.id)
      .sort((a, b) => a - b),
  );
  for (let id = 0; id <= 61; id += 1) {
    const k = want.get(id);
    expect(table.has(id)).toBe(k !== undefined);
    expect(table.get(id)).toEqual(k);
    RAWS.forEach((raw, i) => {
      expect(table.rawIs(id, raw)).toBe(k !== undefined && k.raw === raw);
      // The same, compared with a page's column of hashes.
      expect(table.rawSame(id, rawColumn, i)).toBe(k !== undefined && k.raw === raw);
    });
  }
}

describe('KnownTable', () => {
  it('holds what a map of the records would, in the window order, whatever was set and deleted', async () => {
    await fc.assert(
      fc.asyncProperty(
        opsArb,
        fc.array(fc.record({ id: fc.integer({ min: 0, max: 61 }), added: dateArb }), {
          maxLength: 4,
        }),
        async (ops, probes) => {
          const table = new KnownTable();
          const want = new Map<number, Known>();
          for (const op of ops) {
            if (op.kind === 'set') {
              table.set(op.k);
              want.set(op.k.id, op.k);
            } else {
              expect(table.delete(op.id)).toBe(want.has(op.id));
              want.delete(op.id);
            }
          }
          const finite = probes.filter((p) => Number.isFinite(p.added));
          expectHolds(table, want, finite);
          // A relay that takes the poll over reads the same table from the store's hashes.
          const stored = [...want.values()].map((k): [string, string] => [
            String(k.id),
            formatReferralHash(k),
          ]);
          const { table: loaded, newest } = await KnownTable.fromHashes(stored);
          expectHolds(loaded, want, finite);
          expect(newest).toBe(
            Math.max(
              -Infinity,
              ...[...want.values()].map((k) => k.lastMod).filter((m) => !Number.isNaN(m)),
            ),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('holds referrals past its first block of columns, and reuses the slots of deleted ones', () => {
    const table = new KnownTable();
    const n = 70_000;
    const at = (id: number): Known => ({
      id,
      valid: contentHash(`v${id}`),
      raw: contentHash(`r${id}`),
      added: 1_700_000_000_000 + (id % 1000),
      lastMod: 1_700_000_000_000 + id,
    });
    for (let id = 1; id <= n; id += 1) table.set(at(id));
    for (const id of [1, 16_383, 16_384, 16_385, 65_536, n]) expect(table.get(id)).toEqual(at(id));
    for (let id = 1; id <= 1000; id += 1) table.delete(id);
    for (let id = n + 1; id <= n + 1000; id += 1) table.set(at(id));
    expect(table.size).toBe(n);
    expect(table.get(500)).toBeUndefined();
    expect(table.get(n + 500)).toEqual(at(n + 500));
    const places = [...table.places()];
    expect(places).toHaveLength(n);
    for (let i = 1; i < places.length; i += 1)
      expect(byPlace(places[i - 1] as Place, places[i] as Place)).toBeLessThan(0);
  });
});
