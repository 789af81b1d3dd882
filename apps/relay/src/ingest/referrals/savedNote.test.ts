/**
 * Tests of the saved note's stored form: notes written by the previous versions (and older ones)
 * read as before, and what the sync saves now is the same JSON, key for key, so relays of both
 * versions can run side by side.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../changeLog/memoryStore.js';
import { hashedPage } from '../pages/hashedPage.js';
import { ReferralSync } from './referralSync.js';
import { formatSavedNote, noteOfUnnotedStore, parseSavedNote } from './savedNote.js';

/** A reconciliation pass under way, as both versions write it. */
const PASS = {
  size: 5556,
  page: 3,
  upper: { added: 1_763_000_000_000, id: 4321 },
  startedAt: 1_763_639_990_000,
  cycles: 3,
  compared: 3,
};

/** A note as the previous version wrote it: `JSON.stringify({ w, r, pass, loaded, total })`. */
const PREVIOUS = JSON.stringify({
  w: 1_763_640_000_000,
  r: 1_763_640_001_500,
  pass: PASS,
  loaded: true,
  total: 100_000,
});

describe('saved note', () => {
  it('reads a note of the previous version with its fields named, and writes it back the same', () => {
    const note = parseSavedNote(PREVIOUS);
    expect(note).toEqual({
      watermark: 1_763_640_000_000,
      readAt: 1_763_640_001_500,
      pass: PASS,
      loaded: true,
      total: 100_000,
    });
    expect(formatSavedNote(note as NonNullable<typeof note>)).toBe(PREVIOUS);
  });

  it('reads the notes of older relays: no `r`, a pass without cycles, or no note at all', () => {
    const older =
      '{"w":null,"pass":{"size":1000,"page":2,"upper":null,"startedAt":5},"loaded":false,"total":7}';
    expect(parseSavedNote(older)).toEqual({
      watermark: null,
      readAt: null,
      pass: { size: 1000, page: 2, upper: null, startedAt: 5 },
      loaded: false,
      total: 7,
    });
    expect(noteOfUnnotedStore(1234, 2)).toEqual({
      watermark: 1234,
      readAt: null,
      pass: null,
      loaded: true,
      total: 2,
    });
    expect(noteOfUnnotedStore(-Infinity, 0)).toMatchObject({ watermark: null, loaded: false });
    for (const meta of [null, '', 'not json', '42', 'null', '"w"'])
      expect(parseSavedNote(meta)).toBeNull();
  });

  it('is saved by the sync in the stored form, key for key', async () => {
    const store = createMemoryStore();
    const now = Date.parse('2026-11-20T12:00:00.000Z');
    const at = new Date(now - 86_400_000).toISOString();
    const record = {
      opportunityId: 1,
      opportunityType: 'CIR',
      marketplaceStatus: 'Available',
      addDate: at,
      lastModDate: at,
      city: 'Austin',
    };
    const page = { content: [record], totalElements: 1, numberOfElements: 1 };
    const sync = new ReferralSync(
      store,
      (_q, keep) => Promise.resolve(hashedPage(page, now, keep)),
      () => Promise.resolve({ ...record }),
      { slackMs: 5000, loadBudgetMs: 1e9 },
    );
    await sync.cycle(new Date(now));
    const { meta } = await store.loadMeta('referrals');
    const stored = JSON.parse(meta ?? 'null') as Record<string, Record<string, unknown>>;
    expect(Object.keys(stored)).toEqual(['w', 'r', 'pass', 'loaded', 'total']);
    expect(Object.keys(stored.pass ?? {})).toEqual([
      'size',
      'page',
      'upper',
      'startedAt',
      'cycles',
      'compared',
    ]);
    expect(stored).toMatchObject({ w: Date.parse(at), r: now, loaded: true, total: 1 });
  });
});
