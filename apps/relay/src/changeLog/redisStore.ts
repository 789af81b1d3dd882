/**
 * The change log in Redis, shared by every relay: per stream a snapshot hash, a hash of content
 * hashes, a seq and a Redis stream of change sets. Each commit is one Lua check-and-set on the
 * seq, so two pollers never both commit from the same seq.
 */
import type { Redis } from 'ioredis';
import { logger } from '../log.js';
import type { RedisKeys, StreamName } from '../keys.js';
import type { ChangeSet, Snapshot, StoredRecord } from './changeSet.js';
import type { Diff } from './diff.js';
import { shardedByString } from '../lib/shardedMap.js';
import { yieldIfDue } from '../lib/slices.js';
import { logLengthFor, MAX_DELTA_RECORDS, StaleCommitError, type ReadModelStore } from './store.js';

const log = logger('readModel');

/**
 * Lua: refuse (-1 and the current seq) unless the stream is still at ARGV[1], so two pollers can
 * never interleave; then write the upserts, (id, json, hash) each from ARGV[first] (a Lua
 * expression), and after them the removed ids, as many as ARGV[upsertsAt] and ARGV[removedAt]
 * say.
 * KEYS: seq, snapshot, hashes.
 */
const checkAndWrite = (first: string, upsertsAt: number, removedAt: number) => `
local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
if cur ~= tonumber(ARGV[1]) then return {-1, cur} end
local i = ${first}
for _ = 1, tonumber(ARGV[${upsertsAt}]) do
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1])
  redis.call('HSET', KEYS[3], ARGV[i], ARGV[i + 2])
  i = i + 3
end
for _ = 1, tonumber(ARGV[${removedAt}]) do
  redis.call('HDEL', KEYS[2], ARGV[i])
  redis.call('HDEL', KEYS[3], ARGV[i])
  i = i + 1
end
`;

/**
 * Check-and-commit in one step: the seq fences the write. A stream's first commit takes the
 * commit time (ms) as its seq, so a store that restarts empty goes on above every seq it handed
 * out before: a client holding an old seq sees a gap and gets a snapshot, never changes of the
 * new store applied over the old one (see epochStartSeq in store.ts).
 * KEYS: seq, snapshot, hashes, changes, meta. ARGV: expectedSeq, at, nUpserts, nRemoved, kind,
 * nBodies, log length, meta ('-' leaves it as it is), the change set's body fields (nBodies of
 * them, see bodyFields), then (id, json, hash) per upsert, then the removed ids. The change set's
 * commit time is Redis's clock at the commit (field 'ct').
 */
const COMMIT_LUA = `${checkAndWrite('9 + tonumber(ARGV[6])', 3, 4)}
if ARGV[8] ~= '-' then redis.call('SET', KEYS[5], ARGV[8]) end
local seq = cur + 1
if cur == 0 then seq = math.max(1, tonumber(ARGV[2])) end
local id = string.format('%d', seq)
redis.call('SET', KEYS[1], id)
local now = redis.call('TIME')
local ct = string.format('%d', tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000))
local fields = {'kind', ARGV[5], 'at', ARGV[2], 'ct', ct}
for b = 1, tonumber(ARGV[6]) do
  fields[#fields + 1] = 'b'
  fields[#fields + 1] = ARGV[8 + b]
end
redis.call('XADD', KEYS[4], 'MAXLEN', '~', ARGV[7], id .. '-0', unpack(fields))
return {seq, cur, ct}
`;

/**
 * Writes part of a large commit without moving the seq, if the stream is still at the expected
 * seq: the last part is committed by COMMIT_LUA, which moves the seq and logs a reset.
 * KEYS: seq, snapshot, hashes. ARGV: expectedSeq, nUpserts, nRemoved, then (id, json, hash) per
 * upsert, then the removed ids.
 */
const STAGE_LUA = `${checkAndWrite('4', 2, 3)}
return {0, cur}
`;

/** Lua: saves the poller's note if the stream is still at ARGV[1]. KEYS: seq, meta. */
const SAVE_META_LUA = `
if tonumber(redis.call('GET', KEYS[1]) or '0') ~= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
return 1
`;

/**
 * A script's arguments. The records' JSON goes as Buffers: the client then copies each into the
 * command's buffer as it is, outside the JS heap, where a string argument is first concatenated
 * with its length into a string of its own, and a first load's commits would allocate a second
 * copy of the market on the event loop's heap.
 */
type ScriptArgs = (string | number | Buffer)[];

/** Appends a diff's records to a script's arguments, as `checkAndWrite` reads them. */
function pushRecords(args: ScriptArgs, upserts: Diff['upserts'], removed: readonly string[]) {
  for (const u of upserts) args.push(u.id, Buffer.from(u.json), u.hash);
  for (const id of removed) args.push(id);
}

/**
 * Records of one Redis command of a commit at most: a first load of 1,000,000 referrals in one
 * EVAL is longer than V8's longest string, and would hold Redis for seconds.
 */
const RECORDS_PER_SCRIPT = 20_000;

export type StreamEntry = [id: string, fields: string[]];

/**
 * Change sets read from the log at a time: a follower that fell behind by hundreds (a first load
 * of 1,000,000 commits 4,000 parts) reads them as it applies them rather than in one reply. The
 * client decodes a reply in one task: 16 parts of 250 referrals (~6 MB) held the event loop
 * 45-50 ms in a profiled first load at 1,000,000; 4 are ~1.5 MB.
 */
const FOLLOW_COUNT = 4;

/** Records per HSCAN page of a snapshot read. */
const SCAN_COUNT = 2000;
/** Paged snapshot reads tried before one atomic read. */
const SNAPSHOT_ATTEMPTS = 3;

/**
 * The kind of a change-log entry whose records are in body fields ('b', see bodyFields). Older
 * relays wrote one 'body' field under kind 'delta' (still read); one that reads this kind takes
 * it for a reset and reloads the snapshot, so relays of both versions stay correct side by side.
 */
const DELTA_IN_PARTS = 'delta-parts';

/**
 * Characters of one body field at most (a record longer than that gets a field of its own). The
 * client decodes each field of a reply into a string of its own, and a string of over 128 KB is
 * made in V8's large-object space, which only a full collection frees: a change set of 250
 * referrals in one field (~225 KB) would make one such string per change set of a first load.
 * 60,000 characters stay under 128 KB even as two-byte strings.
 */
export const BODY_FIELD_CHARS = 60_000;

/** Between a record's id and its JSON in a body field's upsert (JSON text never holds it raw). */
const ID_END = '\u001f';

/**
 * A change set's records as body fields of at most BODY_FIELD_CHARS each (unless one is longer):
 * JSON objects, each with its upserts as strings of id, ID_END and JSON (`u`) or its removed ids
 * (`r`). An upsert is one string, not an id beside its JSON, because `JSON.parse` internalizes a
 * string value of under 10 characters: every id a relay read would go into V8's string table,
 * which a full collection clears in its pause.
 */
export function bodyFields(upserts: readonly StoredRecord[], removed: readonly string[]): string[] {
  const fields: string[] = [];
  const part = (key: 'u' | 'r', items: string[]) => {
    let from = 0;
    let chars = 0;
    for (let i = 0; i <= items.length; i += 1) {
      const item = items[i];
      if (i > from && (item === undefined || chars + item.length + 1 > BODY_FIELD_CHARS)) {
        fields.push(`{"${key}":[${items.slice(from, i).join(',')}]}`);
        from = i;
        chars = 0;
      }
      if (item !== undefined) chars += item.length + 1;
    }
  };
  part(
    'u',
    upserts.map(({ id, json }) => JSON.stringify(id + ID_END + json)),
  );
  part(
    'r',
    removed.map((id) => JSON.stringify(id)),
  );
  return fields;
}

/** A change-log entry as a change set: 'delta-parts', or an older relay's 'delta' or reset. */
export function decodeEntry(stream: StreamName, [id, fields]: StreamEntry): ChangeSet {
  const f = new Map<string, string>();
  const bodies: string[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const name = fields[i] ?? '';
    if (name === 'b') bodies.push(fields[i + 1] ?? '');
    else f.set(name, fields[i + 1] ?? '');
  }
  const seq = Number(id.split('-')[0]);
  const at = Number(f.get('at'));
  const kind = f.get('kind');
  const upserts: StoredRecord[] = [];
  const removed: string[] = [];
  if (kind === 'delta') {
    const body = JSON.parse(f.get('body') ?? '{}') as { u?: StoredRecord[]; r?: string[] };
    upserts.push(...(body.u ?? []));
    removed.push(...(body.r ?? []));
  } else if (kind !== DELTA_IN_PARTS) return { kind: 'reset', stream, seq, at };
  for (const text of bodies) {
    const body = JSON.parse(text) as { u?: string[]; r?: string[] };
    for (const u of body.u ?? []) {
      // The last ID_END: an id may hold one, the JSON never does.
      const cut = u.lastIndexOf(ID_END);
      upserts.push({ id: u.slice(0, cut), json: u.slice(cut + 1) });
    }
    for (const r of body.r ?? []) removed.push(r);
  }
  const committedAt = Number(f.get('ct') ?? at);
  return { kind: 'delta', stream, seq, at, committedAt, upserts, removed };
}

/**
 * The read model in Redis: per stream a hash of records, a hash of content hashes, a seq and a
 * Redis stream of change sets with entry ids '{seq}-0', which any relay instance can follow.
 */
class RedisStore implements ReadModelStore {
  readonly kind = 'redis';
  private readonly followers = new Set<Redis>();

  constructor(
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  async loadHashes(stream: StreamName) {
    const { redis, keys } = this;
    // Paged (HSCAN) so a million hashes neither hold Redis nor this process in one reply; a
    // commit during the scan moves the seq and the read starts again, and a stream that keeps
    // moving is read in one atomic step.
    for (let attempt = 0; attempt < SNAPSHOT_ATTEMPTS; attempt += 1) {
      const [seq, meta] = await redis.mget(keys.seq(stream), keys.meta(stream));
      const hashes = shardedByString<string>();
      let cursor = '0';
      let since = performance.now();
      do {
        const [next, flat] = await redis.hscan(keys.hashes(stream), cursor, 'COUNT', SCAN_COUNT);
        for (let i = 0; i + 1 < flat.length; i += 2) hashes.set(flat[i] ?? '', flat[i + 1] ?? '');
        cursor = next;
        since = await yieldIfDue(since);
      } while (cursor !== '0');
      if ((await redis.get(keys.seq(stream))) === seq)
        return { seq: Number(seq ?? 0), hashes, meta: meta ?? null };
    }
    const result = await redis
      .multi()
      .get(keys.seq(stream))
      .hgetall(keys.hashes(stream))
      .get(keys.meta(stream))
      .exec();
    return {
      seq: Number((result?.[0]?.[1] as string | null) ?? 0),
      hashes: new Map(Object.entries((result?.[1]?.[1] as Record<string, string> | null) ?? {})),
      meta: (result?.[2]?.[1] as string | null) ?? null,
    };
  }

  async loadSeq(stream: StreamName) {
    const { redis, keys } = this;
    return Number((await redis.get(keys.seq(stream))) ?? 0);
  }

  async loadMeta(stream: StreamName) {
    const { redis, keys } = this;
    const [seq, meta] = await redis.mget(keys.seq(stream), keys.meta(stream));
    return { seq: Number(seq ?? 0), meta: meta ?? null };
  }

  async saveMeta(stream: StreamName, expectedSeq: number, meta: string) {
    const { redis, keys } = this;
    const saved = await redis.eval(
      SAVE_META_LUA,
      2,
      keys.seq(stream),
      keys.meta(stream),
      expectedSeq,
      meta,
    );
    return saved === 1;
  }

  async commit(
    stream: StreamName,
    whole: Diff,
    expectedSeq: number,
    at: number,
    meta?: string,
  ): Promise<ChangeSet> {
    const { redis, keys } = this;
    const size = whole.upserts.length + whole.removed.length;
    const diff =
      size > RECORDS_PER_SCRIPT ? await this.stageLeading(stream, whole, expectedSeq) : whole;
    const delta = size <= MAX_DELTA_RECORDS && expectedSeq > 0;
    const bodies = delta ? bodyFields(diff.upserts, diff.removed) : [];
    // One array handed over whole: spreading 3 arguments per record into a call overflows the
    // stack at ~100,000 records (a first load of a large market).
    const args: ScriptArgs = [
      COMMIT_LUA,
      5,
      keys.seq(stream),
      keys.snapshot(stream),
      keys.hashes(stream),
      keys.changes(stream),
      keys.meta(stream),
      expectedSeq,
      at,
      diff.upserts.length,
      diff.removed.length,
      delta ? DELTA_IN_PARTS : 'reset',
      bodies.length,
      logLengthFor(size),
      meta ?? '-',
    ];
    for (const b of bodies) args.push(Buffer.from(b));
    pushRecords(args, diff.upserts, diff.removed);
    const [seq, cur, ct] = (await redis.call('EVAL', args)) as [number, number, string?];
    if (seq < 0) throw new StaleCommitError(stream, expectedSeq, cur);
    return delta
      ? {
          kind: 'delta',
          stream,
          seq,
          at,
          committedAt: Number(ct),
          upserts: diff.upserts.map(({ id, json }) => ({ id, json })),
          removed: [...diff.removed],
        }
      : { kind: 'reset', stream, seq, at };
  }

  /**
   * A large commit goes in parts: every part but the last is staged into the snapshot and
   * hashes (readers see them land); the last part, returned, commits with a reset that makes
   * every mirror reload what they all add up to.
   */
  private async stageLeading(stream: StreamName, whole: Diff, expectedSeq: number): Promise<Diff> {
    const { redis, keys } = this;
    const stage = async (part: Diff['upserts'], removed: readonly string[]) => {
      const args: ScriptArgs = [STAGE_LUA, 3];
      args.push(keys.seq(stream), keys.snapshot(stream), keys.hashes(stream));
      args.push(expectedSeq, part.length, removed.length);
      pushRecords(args, part, removed);
      const [ok, cur] = (await redis.call('EVAL', args)) as [number, number];
      if (ok < 0) throw new StaleCommitError(stream, expectedSeq, cur);
    };
    const upserts = whole.upserts.slice(0, -RECORDS_PER_SCRIPT);
    const removed = whole.removed.slice(0, -RECORDS_PER_SCRIPT);
    for (let i = 0; i < upserts.length; i += RECORDS_PER_SCRIPT)
      await stage(upserts.slice(i, i + RECORDS_PER_SCRIPT), []);
    for (let i = 0; i < removed.length; i += RECORDS_PER_SCRIPT)
      await stage([], removed.slice(i, i + RECORDS_PER_SCRIPT));
    return {
      upserts: whole.upserts.slice(-RECORDS_PER_SCRIPT),
      removed: whole.removed.slice(-RECORDS_PER_SCRIPT),
      added: whole.added,
    };
  }

  async snapshot(stream: StreamName): Promise<Snapshot> {
    const { redis, keys } = this;
    // Read in pages (HSCAN) while commits go on, then brought to one seq with the change log:
    // a million records in one HGETALL would hold Redis and this process for seconds.
    for (let attempt = 0; attempt < SNAPSHOT_ATTEMPTS; attempt += 1) {
      const seq = Number((await redis.get(keys.seq(stream))) ?? 0);
      const records = shardedByString<string>();
      let cursor = '0';
      do {
        const [next, flat] = await redis.hscan(keys.snapshot(stream), cursor, 'COUNT', SCAN_COUNT);
        for (let i = 0; i + 1 < flat.length; i += 2) records.set(flat[i] ?? '', flat[i + 1] ?? '');
        cursor = next;
      } while (cursor !== '0');
      const log = await this.changesSince(stream, seq);
      if (log === null || log.some((c) => c.kind !== 'delta')) continue;
      // Every record the scan may have read mid-change was changed in the log: replaying it
      // gives each its value at the log's last seq; the others did not change during the scan.
      for (const c of log) {
        if (c.kind !== 'delta') continue;
        for (const u of c.upserts) records.set(u.id, u.json);
        for (const id of c.removed) records.delete(id);
      }
      return { seq: log[log.length - 1]?.seq ?? seq, records };
    }
    // The stream kept being reset under the scan: one atomic read.
    const result = await redis.multi().get(keys.seq(stream)).hgetall(keys.snapshot(stream)).exec();
    const seq = Number((result?.[0]?.[1] as string | null) ?? 0);
    const records = (result?.[1]?.[1] as Record<string, string> | null) ?? {};
    return { seq, records: new Map(Object.entries(records)) };
  }

  async changesSince(stream: StreamName, seq: number): Promise<ChangeSet[] | null> {
    const { redis, keys } = this;
    const current = Number((await redis.get(keys.seq(stream))) ?? 0);
    if (seq === current) return [];
    if (seq > current) return null;
    const entries = (await redis.xrange(
      keys.changes(stream),
      `${seq + 1}-0`,
      '+',
    )) as StreamEntry[];
    const changes = entries.map((e) => decodeEntry(stream, e));
    if (changes[0]?.seq !== seq + 1) return null;
    return changes;
  }

  follow(stream: StreamName, fromSeq: number, onChange: (c: ChangeSet) => unknown): () => void {
    const { redis, keys, followers } = this;
    // A blocking XREAD holds its connection, so each follower gets its own.
    const conn = redis.duplicate({ enableOfflineQueue: true });
    // A duplicate does not inherit listeners; without one a dropped connection is an
    // unhandled 'error' event. The loop below logs and retries.
    conn.on('error', (err) => log.debug({ err, stream }, 'change-log connection error'));
    followers.add(conn);
    let stopped = false;
    let last = `${fromSeq}-0`;
    const loop = async () => {
      while (!stopped) {
        try {
          const answer = await conn.xread(
            'COUNT',
            FOLLOW_COUNT,
            'BLOCK',
            5000,
            'STREAMS',
            keys.changes(stream),
            last,
          );
          // Each change set is one task: a relay that fell behind (a first load's parts
          // arriving together) serves its sockets and requests between them, and reads on
          // once the mirror took the last (its indexes place them in slices).
          let since = performance.now();
          for (const entry of answer?.[0]?.[1] ?? []) {
            if (stopped) return;
            last = entry[0];
            await onChange(decodeEntry(stream, entry));
            since = await yieldIfDue(since);
          }
        } catch (err) {
          if (stopped) return;
          log.warn({ err, stream }, 'following the change log failed; retrying');
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    };
    void loop();
    return () => {
      stopped = true;
      followers.delete(conn);
      conn.disconnect();
    };
  }

  close(): Promise<void> {
    for (const c of this.followers) c.disconnect();
    this.followers.clear();
    return Promise.resolve();
  }
}

/**
 * The read model in Redis: per stream a hash of records, a hash of content hashes, a seq and a
 * Redis stream of change sets with entry ids '{seq}-0', which any relay instance can follow.
 */
export function createRedisStore(redis: Redis, keys: RedisKeys): ReadModelStore {
  return new RedisStore(redis, keys);
}
