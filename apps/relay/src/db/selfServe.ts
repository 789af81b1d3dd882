/**
 * Each marketplace's self-serve settings in the relay's database: the bounds an administrator set
 * on its agency's own caps, and its pause window. Invariant: a marketplace without a row reads as
 * the defaults (no bounds, no pause); a window is cleared only once its end was applied.
 */
import type { Selectable, Updateable } from 'kysely';
import { defaultSelfServe, type SelfServeBounds, type SelfServeSettings } from '@referrals/shared';
import { reach, type RelayDatabase } from './database.js';
import type { SelfServeTable } from './schema.js';

/** A pause window as the store keeps it, with what its end restores. */
export interface StoredPause {
  readonly marketplaceId: number;
  readonly from: Date;
  readonly until: Date;
  readonly active: boolean;
  /** Whether the marketplace was on when the pause began (switched back on at its end). */
  readonly restoreEnabled: boolean;
}

/** The self-serve settings of every marketplace (shared by every relay instance). */
export interface SelfServeStore {
  /** One marketplace's settings, the defaults when none were saved. */
  get(marketplaceId: number): Promise<SelfServeSettings>;
  /** Every marketplace's saved settings. */
  list(): Promise<SelfServeSettings[]>;
  setBounds(marketplaceId: number, bounds: SelfServeBounds, by: string): Promise<SelfServeSettings>;
  /**
   * Sets (or with null clears) the pause window. `active` says whether the marketplace was
   * switched off for it already, `restoreEnabled` whether its end switches it back on.
   */
  setPause(
    marketplaceId: number,
    pause: Omit<StoredPause, 'marketplaceId'> | null,
    by: string,
  ): Promise<SelfServeSettings>;
  /** The stored window of a marketplace (null: none). */
  pauseOf(marketplaceId: number): Promise<StoredPause | null>;
  /** Windows whose start (not yet applied) or end (applied start) is at or before `now`. */
  due(now: Date): Promise<StoredPause[]>;
}

const iso = (d: Date | null): string | null => (d === null ? null : new Date(d).toISOString());

function settingsOf(row: Selectable<SelfServeTable> | undefined, id: number): SelfServeSettings {
  if (!row) return defaultSelfServe(id);
  return {
    marketplaceId: row.marketplace_id,
    bounds: { maxPerDay: row.max_per_day_bound, maxPerWeek: row.max_per_week_bound },
    pause:
      row.pause_from && row.pause_until
        ? {
            from: new Date(row.pause_from).toISOString(),
            until: new Date(row.pause_until).toISOString(),
            active: row.pause_active,
          }
        : null,
    updatedBy: row.updated_by,
    updatedAt: iso(row.updated_at),
  };
}

const pauseOfRow = (row: Selectable<SelfServeTable>): StoredPause | null =>
  row.pause_from && row.pause_until
    ? {
        marketplaceId: row.marketplace_id,
        from: new Date(row.pause_from),
        until: new Date(row.pause_until),
        active: row.pause_active,
        restoreEnabled: row.restore_enabled,
      }
    : null;

export function databaseSelfServe(database: RelayDatabase): SelfServeStore {
  const { db } = database;
  const row = (id: number) =>
    reach(() =>
      db
        .selectFrom('marketplace_self_serve')
        .selectAll()
        .where('marketplace_id', '=', id)
        .executeTakeFirst(),
    );
  const upsert = async (
    id: number,
    set: Omit<Updateable<SelfServeTable>, 'marketplace_id'>,
  ): Promise<SelfServeSettings> => {
    database.assertReady();
    const written = await reach(() =>
      db
        .insertInto('marketplace_self_serve')
        .values({ marketplace_id: id, ...set })
        .onConflict((oc) => oc.column('marketplace_id').doUpdateSet(set))
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return settingsOf(written, id);
  };
  return {
    async get(id) {
      database.assertReady();
      return settingsOf(await row(id), id);
    },
    async list() {
      database.assertReady();
      const rows = await reach(() =>
        db.selectFrom('marketplace_self_serve').selectAll().orderBy('marketplace_id').execute(),
      );
      return rows.map((r) => settingsOf(r, r.marketplace_id));
    },
    setBounds: (id, bounds, by) =>
      upsert(id, {
        max_per_day_bound: bounds.maxPerDay,
        max_per_week_bound: bounds.maxPerWeek,
        updated_by: by,
        updated_at: new Date(),
      }),
    setPause: (id, pause, by) =>
      upsert(id, {
        pause_from: pause?.from ?? null,
        pause_until: pause?.until ?? null,
        pause_active: pause?.active ?? false,
        restore_enabled: pause?.restoreEnabled ?? false,
        updated_by: by,
        updated_at: new Date(),
      }),
    async pauseOf(id) {
      database.assertReady();
      const r = await row(id);
      return r ? pauseOfRow(r) : null;
    },
    async due(now) {
      database.assertReady();
      const rows = await reach(() =>
        db
          .selectFrom('marketplace_self_serve')
          .selectAll()
          .where((eb) =>
            eb.or([
              eb.and([eb('pause_active', '=', false), eb('pause_from', '<=', now)]),
              eb.and([eb('pause_active', '=', true), eb('pause_until', '<=', now)]),
            ]),
          )
          .execute(),
      );
      return rows.flatMap((r) => pauseOfRow(r) ?? []);
    },
  };
}
