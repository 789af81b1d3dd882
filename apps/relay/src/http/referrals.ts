import { referralTarget } from '../db/auditLog.js';
import {
  API,
  audienceOf,
  byExpirationFirst,
  CONSOLE_FLAGS,
  defaultReferralView,
  isBoughtByAgency,
  listDefaults,
  marketplaceOfAgency,
  MarketplaceStatus,
  opportunitySchema,
  parseReferralQuery,
  projectListReferral,
  REFERRAL_VIEWS,
  toPublicReferral,
  type Opportunity,
  type ReferralQuery,
  type ReferralView,
} from '@referrals/shared';
import type { Principal } from '../auth/verify.js';
import type { UserProfile } from '../auth/profile.js';
import { ALL, inAppetite, withState } from '../readModel/api.js';
import { flagEnabled, type ReadModel } from '../readModel/api.js';
import type { ListScope } from '../readModel/api.js';
import { commitAndSee } from './commitAndSee.js';
import { fail, idParam, ok, principalOf, upstreamFailure, type Route } from './api.js';
import type { GatewayDeps } from './deps.js';

/** Whether a user may see a referral's contact details: their agency bought it, or an admin. */
export function seesContact(o: Opportunity, p: Principal, profile: UserProfile): boolean {
  if (p.access.isAdmin) return true;
  return isBoughtByAgency(o, profile.agencyName);
}

/** Rows of a list page when the query names no size. */
export const PAGE_SIZE = 25;

/** A list with nothing in it (a user whose agency has no marketplace): the page, no total. */
export const emptyPage = (seq: number, q: ReferralQuery) => ({
  seq,
  content: [],
  totalElements: 0,
  page: q.page,
  size: q.size,
});

/**
 * While the first load of the market runs, a list answers with what has arrived and says so:
 * `loading` gives the referrals loaded and expected.
 */
export function loadingNoteOf(readModel: ReadModel) {
  const loading = readModel.status.get('poll')?.loading;
  return loading ? { loading } : {};
}

/**
 * A page of a list from the indexes, the state filter narrowing the scope; `signal` ends the wait
 * when the asker goes away.
 */
const listPage = async (
  readModel: ReadModel,
  scope: ListScope,
  q: ReferralQuery,
  signal?: AbortSignal,
) => ({
  ...(await readModel.referralIndex.page(withState(scope, q.state), q, signal)),
  ...loadingNoteOf(readModel),
});

/**
 * A page of the public feed for a list query (its raw parameters), in the public projection: the
 * REST list's answer, and what the server render of the feed shows.
 */
export async function publicFeedPage(
  readModel: ReadModel,
  params: Readonly<Record<string, unknown>>,
  signal?: AbortSignal,
) {
  const q = parseReferralQuery(params, { ...listDefaults({ kind: 'public' }), size: PAGE_SIZE });
  if (!q.ok) return q;
  const page = await listPage(readModel, ALL, q.query, signal);
  return {
    ok: true as const,
    page: { ...page, content: page.content.map(toPublicReferral) },
  };
}

const isReferralView = (v: unknown): v is ReferralView =>
  (REFERRAL_VIEWS as readonly unknown[]).includes(v);

/** Referral routes: the public feed, the signed-in lists, one referral, acquired, claim. */
export function referralRoutes(d: GatewayDeps): Route[] {
  const { readModel } = d;
  const index = readModel.referralIndex;
  const loadingNote = () => loadingNoteOf(readModel);
  /** A page of a list from the indexes, the state filter narrowing the scope. */
  const pageOf = (scope: ListScope, q: ReferralQuery, signal: AbortSignal | undefined) =>
    listPage(readModel, scope, q, signal);
  return [
    {
      ...API.publicReferrals,
      guard: 'anyone',
      handler: async (req) => {
        const answer = await publicFeedPage(readModel, req.query, req.signal);
        return answer.ok ? ok(answer.page) : fail(400, 'invalid list query', answer.errors);
      },
    },
    {
      ...API.referrals,
      guard: 'signedIn',
      handler: async (req) => {
        const p = principalOf(req);
        const view = req.query.view ?? defaultReferralView(p.access);
        const def = listDefaults({ kind: 'signedIn', access: p.access, username: p.username });
        // The expiration flag makes expiration first the admin referral list's default order (the
        // upstream's by-expiration call): a query that names a sort gets that sort (a header click
        // replaces the default), unless it asks for expirationFirst too. The answer names the order
        // so live changes keep it.
        const byExpiration =
          view === 'all' &&
          p.access.isAdmin &&
          flagEnabled(readModel, CONSOLE_FLAGS.expirationSort);
        const sort = byExpiration ? byExpirationFirst(def.sort) : def.sort;
        const q = parseReferralQuery(req.query, { ...def, sort, size: PAGE_SIZE });
        const badView = isReferralView(view) ? [] : [`view must be ${REFERRAL_VIEWS.join(' or ')}`];
        if (!q.ok || !isReferralView(view))
          return fail(400, 'invalid list query', [...(q.ok ? [] : q.errors), ...badView]);
        let scope: ListScope = ALL;
        const query = q.query;
        if (view === 'inAppetite') {
          const profile = await d.profiles.resolve(p);
          const m = marketplaceOfAgency(readModel.marketplaces.values(), profile.agencyId);
          if (!m) return ok({ ...emptyPage(index.seq, q.query), ...loadingNote(), view });
          scope = inAppetite(m.id, m.riskAppetite);
        }
        const page = await pageOf(scope, query, req.signal);
        const audience = audienceOf(p.access);
        return ok({
          view,
          sort: query.sort,
          ...page,
          content: page.content.map((o) => projectListReferral(o, audience)),
        });
      },
    },
    {
      ...API.referral,
      guard: 'signedIn',
      handler: async (req) => {
        const p = principalOf(req);
        const id = idParam(req);
        const [o] = id === undefined ? [] : await readModel.referralsById([id]);
        if (!o) return fail(404, 'referral not found');
        // An admin sees every contact: no profile lookup, so the upstream away costs them nothing.
        const sees = p.access.isAdmin || seesContact(o, p, await d.profiles.resolve(p));
        return ok(sees ? o : projectListReferral(o, audienceOf(p.access)));
      },
    },
    {
      ...API.claim,
      guard: 'signedIn',
      write: true,
      // Who claimed which referral at what price: never the prospect's contact details.
      audit: {
        action: 'referral.claim',
        target: (req) => referralTarget(req.params.id ?? ''),
        before: async (req) => {
          const id = idParam(req);
          const [o] = id === undefined ? [] : await readModel.referralsById([id]);
          return o ? claimFacts(o) : null;
        },
        after: (body) => claimFacts(body as Opportunity),
      },
      handler: async (req) => {
        const p = principalOf(req);
        if (!p.access.canClaim) return fail(403, 'carriers and admins do not claim referrals');
        const id = idParam(req);
        const [current] = id === undefined ? [] : await readModel.referralsById([id]);
        if (id === undefined || !current) return fail(404, 'referral not found');
        if (current.marketplaceStatus !== MarketplaceStatus.Available) {
          return fail(409, 'This referral is no longer available.');
        }
        let claimed: Opportunity;
        try {
          claimed = await d.upstream.claim(id, p.username);
        } catch (err) {
          const answer = upstreamFailure(err, 'claim');
          if (answer.status !== 409) return answer;
          // The upstream knows a winner the read model has not heard of: hear it now, so every
          // open screen, the loser's first, stops offering the claim.
          void d.pollNow();
          return fail(409, 'This referral is no longer available.');
        }
        // Shown to everyone at once; the poll that follows confirms it with nothing new to send.
        const record = opportunitySchema.validateSync(claimed, { stripUnknown: true });
        await commitAndSee(d, 'referrals', record, (r) => r.opportunityId);
        void d.pollNow();
        return ok(record);
      },
    },
  ];
}

/** What the audit log keeps of a referral around a claim: its state, price and buyer. */
function claimFacts(o: Opportunity) {
  return {
    opportunityId: o.opportunityId,
    marketplaceStatus: o.marketplaceStatus,
    dynamicPrice: o.dynamicPrice,
    discountPrice: o.discountPrice,
    soldPrice: o.soldPrice,
    assignedAgency: o.assignedAgency,
    assignedAgent: o.assignedAgent,
  };
}
