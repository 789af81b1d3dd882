/**
 * What the sync knows of the referrals stream in the store: every referral's hashes and place
 * (the KnownTable) and the store's seq, kept up by committing a cycle's staged changes in parts
 * and by catching up on what other writers committed (a claim's answer, another poller).
 * Invariants: while `synced`, `known` is what the store held at `seq` (but for the raw hashes
 * learnt of unchanged records, kept in memory only); every change to `known` goes through here
 * and is reported to the watcher, so a chunk read ahead learns which referrals were committed
 * after it was sent and leaves them alone.
 */
import type { Opportunity } from '@referrals/shared';
import { formatReferralHash, hashOfCommitted } from '../../changeLog/referralHash.js';
import { StaleCommitError, type ReadModelStore } from '../../changeLog/store.js';
import { KnownTable, type Known } from './knownTable.js';
import { firstOf, knownOf, takeLater, type Staged, type Upsert } from './staging.js';

/**
 * Records per commit of the sync: each commit reaches every relay as a delta (not a reload),
 * small enough that applying it stays a short task on their event loops. A referral is placed in
 * the ~50 list views a relay keeps at 1,000,000 referrals, so a part of 250 keeps that task to a
 * few tens of milliseconds (bench/src/tools/indexApply.ts measures it). Not to be confused with
 * the store's own split of one large commit into Redis commands (changeLog/redisStore.ts).
 */
export const RECORDS_PER_COMMIT = 250;

/**
 * Times a commit (or a save of the note alone) that another writer's commit outran catches up on
 * it, at most, before it gives up.
 */
const CATCH_UPS = 3;

/** Who is told of every referral the mirror sets or drops, and when it reloads. */
export interface MirrorWatcher {
  touch(id: number): void;
  clear(): void;
}

export class StoreMirror {
  private table = new KnownTable();
  private seqNow = 0;
  private inStep = false;

  constructor(
    private readonly store: ReadModelStore,
    private readonly watcher: MirrorWatcher,
  ) {}

  /** The referrals the store holds, as the sync knows them (replaced when the store is read). */
  get known(): KnownTable {
    return this.table;
  }

  /** The store's seq that `known` is at. */
  get seq(): number {
    return this.seqNow;
  }

  /** Whether `known` is the store's (false: it is read again at the next cycle). */
  get synced(): boolean {
    return this.inStep;
  }

  /** Forgets the store: the next cycle reads it again (another poller committed). */
  forget(): void {
    this.inStep = false;
  }

  /**
   * Reads what the store holds: the referrals' hashes and the note of the last commit; returns the
   * note and the newest lastModDate held (-Infinity when none).
   */
  async load(): Promise<{ meta: string | null; newest: number }> {
    const { seq, hashes, meta } = await this.store.loadHashes('referrals');
    const { table, newest } = await KnownTable.fromHashes(hashes);
    this.table = table;
    this.seqNow = seq;
    this.watcher.clear();
    this.inStep = true;
    return { meta, newest };
  }

  /**
   * The note of whichever writer committed last, after catching up on what other writers
   * committed since this sync's seq.
   */
  async latestNote(): Promise<string | null> {
    const { seq, meta } = await this.store.loadMeta('referrals');
    if (seq !== this.seqNow) await this.catchUp();
    return meta;
  }

  /**
   * Commits what a cycle staged in parts, each part's effect kept as soon as it lands; the last
   * part carries the note. When another writer committed meanwhile (a claim's answer), its change
   * sets are applied first and win over what this cycle read of the same referrals, if they are as
   * new or newer.
   */
  async commit(staged: Staged, at: number, note: () => string): Promise<void> {
    for (const [id, raw] of staged.raws) {
      const k = this.table.get(id);
      if (k) this.setKnown({ ...k, raw });
    }
    if (staged.size === 0 && this.seqNow > 0) return this.saveNote(note);
    for (let attempt = 0; staged.size > 0; attempt += 1) {
      // The first parts of what is left (each part's records leave `staged` as it lands).
      const up = firstOf(staged.upserts.values(), RECORDS_PER_COMMIT);
      const rm = firstOf(staged.removed, RECORDS_PER_COMMIT - up.length);
      const last = up.length + rm.length === staged.size;
      await takeLater(up);
      const knowns = up.map(knownOf);
      // The next part's records come from the reader while this one commits, so a part does not
      // wait for a round trip to the page worker: two parts' JSON at most on the event loop's heap.
      // A take that fails fails the part that awaits it.
      takeLater(firstOf(staged.upserts.values(), RECORDS_PER_COMMIT, up.length)).catch(() => {});
      try {
        await this.commitPart(up, knowns, rm, at, last ? note : undefined);
      } catch (err) {
        if (!(err instanceof StaleCommitError) || attempt >= CATCH_UPS) throw err;
        await this.giveWay(staged, err);
        continue;
      }
      for (const k of knowns) {
        this.setKnown(k);
        staged.upserts.delete(k.id);
      }
      for (const id of rm) {
        this.dropKnown(id);
        staged.removed.delete(id);
      }
    }
  }

  /** Nothing changed: the note alone moves on (the watermark, the pass). */
  private async saveNote(note: () => string): Promise<void> {
    for (let attempt = 0; attempt < CATCH_UPS; attempt += 1) {
      if (await this.store.saveMeta('referrals', this.seqNow, note())) return;
      if ((await this.catchUp()) === null) return;
    }
  }

  /** Commits one part at this mirror's seq (the note with the last); moves the seq on. */
  private async commitPart(
    up: readonly Upsert[],
    knowns: readonly Known[],
    rm: readonly number[],
    at: number,
    note: (() => string) | undefined,
  ): Promise<void> {
    const change = await this.store.commit(
      'referrals',
      {
        upserts: up.map((u, i) => ({
          id: String(u.rows.id[u.at]),
          json: u.json,
          hash: formatReferralHash(knowns[i] as Known),
        })),
        removed: rm.map(String),
        added: 0,
      },
      this.seqNow,
      at,
      note?.(),
    );
    this.seqNow = change.seq;
  }

  /**
   * Another writer committed first: catches up on its commits, and unstages what they changed as
   * new as or newer than this cycle's read. Rethrows `err` when the log does not reach back.
   */
  private async giveWay(staged: Staged, err: unknown): Promise<void> {
    const touched = await this.catchUp();
    if (touched === null) throw err;
    for (const [id, lastMod] of touched) {
      const mine = staged.upserts.get(id);
      if (staged.removed.has(id) || (mine && (mine.rows.lastMod[mine.at] as number) <= lastMod)) {
        staged.upserts.delete(id);
        staged.removed.delete(id);
      }
    }
  }

  /**
   * Applies what other writers committed since this sync's seq (a claim's answer, or another
   * poller) to what it knows; returns the referrals they touched with their lastModDate. Null
   * when the log does not reach back: the store is read again at the next cycle.
   */
  private async catchUp(): Promise<Map<number, number> | null> {
    const changes = await this.store.changesSince('referrals', this.seqNow).catch(() => null);
    if (changes === null || changes.some((c) => c.kind !== 'delta')) {
      this.inStep = false;
      return null;
    }
    const touched = new Map<number, number>();
    for (const c of changes) {
      if (c.kind !== 'delta') continue;
      for (const u of c.upserts) {
        const record = JSON.parse(u.json) as Opportunity;
        const known: Known = { id: record.opportunityId, ...hashOfCommitted(u.json, record) };
        this.setKnown(known);
        touched.set(known.id, known.lastMod);
      }
      for (const id of c.removed) {
        this.dropKnown(Number(id));
        touched.set(Number(id), Infinity);
      }
      this.seqNow = c.seq;
    }
    return touched;
  }

  private setKnown(k: Known): void {
    this.watcher.touch(k.id);
    this.table.set(k);
  }

  private dropKnown(id: number): void {
    this.watcher.touch(id);
    this.table.delete(id);
  }
}
