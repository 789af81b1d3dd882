/**
 * Applies agencies' pause windows: at a window's start its marketplace is switched off, at its
 * end switched back on (when it was on at the start), through the one save path of every
 * marketplace change. Invariant: only the relay that polls applies windows (one in a cluster),
 * each step under the marketplace's lock and re-checked there, so a step is applied once.
 */
import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '@referrals/shared';
import type { AuditLog } from '../../db/auditLog.js';
import type { SelfServeStore, StoredPause } from '../../db/selfServe.js';
import { logger } from '../../log.js';
import { ok, type ApiResponse } from '../api.js';
import type { MarketplaceContext } from './context.js';
import { saveMarketplace } from './updateMarketplace.js';

const log = logger('http');

/** The actor the audit log names for a step the relay took by itself. */
export const RELAY_ACTOR = 'relay (pause window)';

/** What the clock is given. */
export interface PauseClockDeps {
  readonly store: SelfServeStore;
  readonly audit: AuditLog;
  /** Hears each finished audit entry (the live Audit Log screen). */
  readonly published: (entry: AuditEntry) => void;
  /** Whether this relay polls now (and its database is open): only the poll's owner applies windows. */
  readonly owns: () => boolean;
}

/** Whether a stored window is still the one found due (nobody changed it meanwhile). */
const same = (a: StoredPause | null, b: StoredPause): boolean =>
  a !== null &&
  a.active === b.active &&
  a.from.getTime() === b.from.getTime() &&
  a.until.getTime() === b.until.getTime();

/** Unchanged: the step was taken meanwhile, or the window changed. */
const SKIPPED: ApiResponse = ok(null);

/** Takes one due step of one window: its start, or its end. */
async function step(c: MarketplaceContext, deps: PauseClockDeps, p: StoredPause, now: Date) {
  const starting = !p.active;
  const id = p.marketplaceId;
  const entry = await deps.audit.begin({
    requestId: randomUUID(),
    actor: RELAY_ACTOR,
    agency: null,
    action: 'marketplace.pauseApplied',
    target: `marketplace ${id}`,
    before: { pause: { from: p.from, until: p.until, active: p.active } },
  });
  const answer = await saveMarketplace(c, {
    id,
    version: null,
    checkForm: false,
    change: async (fresh) => {
      if (!same(await deps.store.pauseOf(id), p)) return SKIPPED;
      // A window that passed whole while no relay polled is only forgotten.
      if (starting && p.until <= now) return fresh;
      if (starting) return { ...fresh, enabled: false };
      return { ...fresh, enabled: p.restoreEnabled || fresh.enabled };
    },
    afterSave: async (_saved, fresh) => {
      const over = !starting || p.until <= now;
      const next = over ? null : { ...p, active: true, restoreEnabled: fresh.enabled };
      await deps.store.setPause(id, next, RELAY_ACTOR);
    },
  });
  const outcome = answer.status === 200 ? 'ok' : answer.status >= 500 ? 'failed' : 'refused';
  const after = answer === SKIPPED ? { skipped: true } : { step: starting ? 'start' : 'end' };
  deps.published(await deps.audit.finish(entry, { outcome, status: answer.status, after }));
  if (answer.status !== 200) log.warn({ id, status: answer.status }, 'pause step not applied');
  return answer.status === 200;
}

/** How long a step that failed waits before it is tried again (one audit entry a try). */
const RETRY_MS = 60_000;

/** Takes every step due at `now` (the poll owner's clock calls it; tests call it directly). */
export async function applyDuePauses(
  c: MarketplaceContext,
  deps: PauseClockDeps,
  now: Date,
  failedUntil: Map<number, number> = new Map(),
): Promise<number> {
  const due = (await deps.store.due(now)).filter(
    (p) => (failedUntil.get(p.marketplaceId) ?? 0) <= now.getTime(),
  );
  for (const p of due) {
    if (await step(c, deps, p, now)) failedUntil.delete(p.marketplaceId);
    else failedUntil.set(p.marketplaceId, now.getTime() + RETRY_MS);
  }
  return due.length;
}

/** Runs `applyDuePauses` every `intervalMs` on the poll's owner; `stop` ends it. */
export function startPauseClock(c: MarketplaceContext, deps: PauseClockDeps, intervalMs: number) {
  let running: Promise<unknown> | null = null;
  // A step the upstream refused is not retried at every tick: one try (and entry) a minute.
  const failedUntil = new Map<number, number>();
  const tick = () => {
    // One pass at a time; a slow one is not overlapped by the next tick.
    if (running || !deps.owns()) return;
    running = applyDuePauses(c, deps, c.d.now(), failedUntil)
      .catch((err: unknown) => log.warn({ err }, 'could not apply pause windows'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
