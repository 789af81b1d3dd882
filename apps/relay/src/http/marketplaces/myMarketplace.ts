/**
 * `GET` and `PUT /api/my-marketplace`: an agency's own marketplace as its appetite screen shows
 * it (from the read model: one poll cycle old at most, read by every agent of a busy market), and
 * what its admin may change of it (a pause, the daily and weekly caps).
 * Invariant: the marketplace is the caller's agency's, decided from the verified token and the
 * profile resolver; a change touches only the pause and the caps, goes through the one save path
 * of every marketplace change (`saveMarketplace`), and is refused whole with its reason.
 */
import {
  API,
  capProblems,
  marketplaceOfAgency,
  pauseProblems,
  selfServeChangeSchema,
  type Marketplace,
  type MyMarketplace,
  type SelfServeChange,
} from '@referrals/shared';
import type { SelfServeStore, StoredPause } from '../../db/selfServe.js';
import { versionOf } from '../../readModel/api.js';
import { fail, ok, principalOf, type ApiRequest, type ApiResponse, type Route } from '../api.js';
import { refusedBody, validateBody } from '../validateBody.js';
import type { MarketplaceContext } from './context.js';
import { saveMarketplace } from './updateMarketplace.js';

const NO_MARKETPLACE = 'Your account has no agency marketplace.';
const NOT_ADMIN = "Only your agency's admin may pause the marketplace or change its caps.";

/** The marketplace of the caller's agency as a request found it: once per request. */
const found = new WeakMap<ApiRequest, Promise<Marketplace | undefined>>();

/**
 * The marketplace of the caller's agency, as the read model holds it when the request first asks
 * (its audit entry and its handler read the same one).
 */
function ownMarketplace(c: MarketplaceContext, req: ApiRequest): Promise<Marketplace | undefined> {
  let m = found.get(req);
  if (!m) {
    m = c.d.profiles
      .resolve(principalOf(req))
      .then((profile) =>
        marketplaceOfAgency(c.d.readModel.marketplaces.values(), profile.agencyId),
      );
    found.set(req, m);
  }
  return m;
}

/** The screen's view of a marketplace: its appetite, never its delivery credentials or prices. */
async function viewOf(
  c: MarketplaceContext,
  store: SelfServeStore,
  m: Marketplace,
  req: ApiRequest,
): Promise<MyMarketplace> {
  const stat = c.d.readModel.deliveryStats.get(m.id);
  return {
    id: m.id,
    marketplaceName: m.marketplaceName,
    enabled: m.enabled,
    version: versionOf(m),
    riskAppetite: m.riskAppetite,
    selfServe: await store.get(m.id),
    deliveredToday: stat?.totalReferralsDeliveredToday ?? null,
    canChange: principalOf(req).access.isAgencyAdmin,
  };
}

/** Why a change is refused against the settings (none: it may be made). */
async function problemsOf(
  store: SelfServeStore,
  id: number,
  change: SelfServeChange,
  nowMs: number,
): Promise<string[]> {
  if (change.caps === undefined && change.pause === undefined)
    return ['Nothing to change: send caps, a pause, or null to end the pause.'];
  const out: string[] = [];
  if (change.caps) out.push(...capProblems(change.caps, (await store.get(id)).bounds));
  if (change.pause) out.push(...pauseProblems(change.pause, nowMs));
  return out;
}

/**
 * Whether the marketplace is on once a change of the pause is made: off for a pause that has
 * begun; back on when an applied pause ends early, if it was on when that pause began.
 */
function enabledAfter(
  fresh: Marketplace,
  held: StoredPause | null,
  pause: SelfServeChange['pause'],
  nowMs: number,
): boolean {
  if (pause === undefined) return fresh.enabled;
  const restored = held?.active && held.restoreEnabled ? true : fresh.enabled;
  if (pause === null) return restored;
  return Date.parse(pause.from) <= nowMs ? false : restored;
}

/** The window stored for a new pause: applied at once when it has begun. */
function storedPause(
  fresh: Marketplace,
  held: StoredPause | null,
  pause: { from: string; until: string },
  nowMs: number,
): Omit<StoredPause, 'marketplaceId'> {
  const from = new Date(pause.from);
  const active = from.getTime() <= nowMs;
  const wasOn = held?.active ? held.restoreEnabled : fresh.enabled;
  return { from, until: new Date(pause.until), active, restoreEnabled: active && wasOn };
}

/** Applies an agency admin's checked change through the one save path. */
async function applyChange(
  c: MarketplaceContext,
  store: SelfServeStore,
  req: ApiRequest,
  m: Marketplace,
  change: SelfServeChange,
): Promise<ApiResponse> {
  const nowMs = c.d.now().getTime();
  const by = principalOf(req).username;
  let held: StoredPause | null = null;
  const answer = await saveMarketplace(c, {
    id: m.id,
    version: change.version,
    // The caps and the pause are checked by their own rules (problemsOf) before this.
    checkForm: false,
    change: async (fresh) => {
      held = await store.pauseOf(m.id);
      const caps = change.caps
        ? { maxReferralsPerDay: change.caps.maxPerDay, maxReferralsPerWeek: change.caps.maxPerWeek }
        : {};
      return {
        ...fresh,
        enabled: enabledAfter(fresh, held, change.pause, nowMs),
        riskAppetite: { ...fresh.riskAppetite, ...caps },
      };
    },
    afterSave: async (_saved, fresh) => {
      if (change.pause === undefined) return;
      const next = change.pause === null ? null : storedPause(fresh, held, change.pause, nowMs);
      await store.setPause(m.id, next, by);
    },
  });
  // A refusal tells the agency why, never the whole record (it holds delivery credentials).
  if (answer.status === 409)
    return fail(
      409,
      'Your marketplace was changed meanwhile. Reload it and make your change again.',
    );
  if (answer.status !== 200) return answer;
  const saved = c.d.readModel.marketplaces.get(m.id) ?? m;
  return ok(await viewOf(c, store, saved, req));
}

/** The agency's own marketplace: read by its users, paused and capped by its admin. */
export function myMarketplaceRoutes(c: MarketplaceContext, store: SelfServeStore): Route[] {
  return [
    {
      ...API.myMarketplace,
      guard: 'signedIn',
      handler: async (req) => {
        // From the read model, never the upstream: every agent's screen and cap alert reads
        // this on each delivery figure of a busy market. A version a change finds stale is
        // refused 409 and the read model takes the upstream's (saveMarketplace), so the reload
        // that follows names the current one.
        const kept = await ownMarketplace(c, req);
        if (!kept) return fail(403, NO_MARKETPLACE);
        return ok(await viewOf(c, store, kept, req));
      },
    },
    {
      ...API.changeMyMarketplace,
      guard: 'signedIn',
      write: true,
      audit: {
        action: 'marketplace.selfServe',
        target: async (req) => {
          const m = await ownMarketplace(c, req).catch(() => undefined);
          return m ? `marketplace ${m.id}` : null;
        },
        before: async (req) => {
          const m = await ownMarketplace(c, req).catch(() => undefined);
          if (!m) return null;
          const { maxReferralsPerDay, maxReferralsPerWeek } = m.riskAppetite;
          const { pause } = await store.get(m.id);
          return {
            marketplace: m.id,
            enabled: m.enabled,
            maxReferralsPerDay,
            maxReferralsPerWeek,
            pause,
          };
        },
        after: (body, req) => {
          const v = body as MyMarketplace;
          const { maxReferralsPerDay, maxReferralsPerWeek } = v.riskAppetite;
          return {
            marketplace: v.id,
            enabled: v.enabled,
            maxReferralsPerDay,
            maxReferralsPerWeek,
            pause: v.selfServe.pause,
            request: req.body,
          };
        },
      },
      handler: async (req) => {
        if (!principalOf(req).access.isAgencyAdmin) return fail(403, NOT_ADMIN);
        const body = validateBody(selfServeChangeSchema, req.body);
        if (!body.ok) return body.answer;
        const m = await ownMarketplace(c, req);
        if (!m) return fail(403, NO_MARKETPLACE);
        const problems = await problemsOf(store, m.id, body.value, c.d.now().getTime());
        if (problems.length > 0) return refusedBody(problems);
        return applyChange(c, store, req, m, body.value);
      },
    },
  ];
}
