import {
  API,
  isBoughtByAgency,
  pipelineUpdateSchema,
  parseQuery,
  pipelineIdsQuerySchema,
  RETURN_WINDOW_DAYS,
  returnDecisionSchema,
  returnRequestSchema,
  returnsQuerySchema,
  withinReturnWindow,
  type Opportunity,
  type Pipeline,
  type ReturnRequest,
} from '@referrals/shared';
import { referralTarget, type AuditLog } from '../db/auditLog.js';
import { pipelinesOf, StalePipelineError, type PipelineStore } from '../db/pipeline.js';
import { ReturnConflictError, type ReturnStore } from '../db/returns.js';
import {
  fail,
  idParam,
  ok,
  principalOf,
  type ApiRequest,
  type ApiResponse,
  type Route,
} from './api.js';
import type { GatewayDeps } from './deps.js';
import { validateBody } from './validateBody.js';

/** What the work after the claim needs beside the gateway's own. */
export interface PipelineDeps {
  readonly pipeline: PipelineStore;
  readonly returns: ReturnStore;
  readonly audit: AuditLog;
  /** Sends a change to every instance's sockets of the agency it belongs to (and admins). */
  readonly publish: (stream: 'pipeline' | 'returns', record: Pipeline | ReturnRequest) => void;
}

type Bought =
  { ok: true; referral: Opportunity; agency: string } | { ok: false; answer: ApiResponse };

/**
 * The agency's work on the referrals it bought: progress, follow-up and notes, and returns.
 * Only the buying agency's users (and admins) read or change a referral's; everyone else gets 403.
 */
export function pipelineRoutes(d: GatewayDeps, p: PipelineDeps): Route[] {
  const { readModel, profiles } = d;

  /** The bought referral a request names, if the caller's agency bought it (or an admin asks). */
  async function boughtFor(req: ApiRequest): Promise<Bought> {
    const principal = principalOf(req);
    const id = idParam(req);
    const [referral] = id === undefined ? [] : await readModel.referralsById([id]);
    if (!referral) return { ok: false, answer: fail(404, 'referral not found') };
    const agency = referral.assignedAgency;
    // Bought by the agency it names (null: no agency is named).
    if (agency === null || !isBoughtByAgency(referral, agency)) {
      return { ok: false, answer: fail(404, 'this referral has not been bought') };
    }
    if (!principal.access.isAdmin) {
      const profile = await profiles.resolve(principal);
      if (!isBoughtByAgency(referral, profile.agencyName)) {
        return { ok: false, answer: fail(403, 'this referral belongs to another agency') };
      }
    }
    return { ok: true, referral, agency };
  }

  /** The pipelines of bought referrals, each with its return (or null). */
  async function withReturns(referrals: readonly Opportunity[]) {
    const pipelines = await pipelinesOf(p.pipeline, referrals);
    const returns = await p.returns.ofReferrals(referrals.map((o) => o.opportunityId));
    return pipelines.map((pl) => ({ ...pl, return: returns.get(pl.referralId) ?? null }));
  }

  /** When the agency acquired it: its claim through the relay, else the upstream's last change. */
  async function acquiredAt(referral: Opportunity): Promise<Date> {
    const claimed = await p.audit.claimedAt(referral.opportunityId);
    return claimed ?? new Date(referral.lastModDate ?? referral.addDate);
  }

  return [
    {
      ...API.pipelines,
      guard: 'signedIn',
      // The pipelines of the bought referrals a list page shows, in one read.
      handler: async (req) => {
        const q = parseQuery(pipelineIdsQuerySchema, req.query);
        if (!q.ok) return fail(400, 'invalid ids', q.errors);
        const ids = q.value.ids === '' ? [] : q.value.ids.split(',');
        const principal = principalOf(req);
        const agency = principal.access.isAdmin
          ? null
          : (await profiles.resolve(principal)).agencyName;
        // Only the caller's own agency's (for admins, every agency's: the one each names); other
        // ids are left out.
        const mine = (await readModel.referralsById(ids.map(Number))).filter(
          (o): o is Opportunity =>
            o !== undefined &&
            isBoughtByAgency(o, principal.access.isAdmin ? o.assignedAgency : agency),
        );
        return ok({ items: await withReturns(mine) });
      },
    },
    {
      ...API.pipeline,
      guard: 'signedIn',
      handler: async (req) => {
        const b = await boughtFor(req);
        if (!b.ok) return b.answer;
        const [one] = await withReturns([b.referral]);
        return ok(one);
      },
    },
    {
      ...API.savePipeline,
      guard: 'signedIn',
      write: true,
      audit: {
        action: 'pipeline.update',
        target: (req) => referralTarget(req.params.id ?? ''),
        after: (body) => {
          const { status, followUpOn, version, notes } = body as Pipeline;
          return { status, followUpOn, version, note: notes.at(-1)?.text ?? null };
        },
      },
      handler: async (req) => {
        const body = validateBody(pipelineUpdateSchema, req.body);
        if (!body.ok) return body.answer;
        const b = await boughtFor(req);
        if (!b.ok) return b.answer;
        try {
          const saved = await p.pipeline.save(
            { id: b.referral.opportunityId, agency: b.agency },
            body.value,
            principalOf(req).username,
          );
          p.publish('pipeline', saved);
          return ok(saved);
        } catch (err) {
          if (!(err instanceof StalePipelineError)) throw err;
          return fail(
            409,
            'Someone in your agency changed this referral first. Their changes are shown; make yours again.',
            err.current,
          );
        }
      },
    },
    {
      ...API.requestReturn,
      guard: 'signedIn',
      write: true,
      audit: { action: 'return.request', target: (req) => referralTarget(req.params.id ?? '') },
      handler: async (req) => {
        const principal = principalOf(req);
        if (principal.access.isAdmin) {
          return fail(403, 'administrators decide returns; the buying agency asks for them');
        }
        const body = validateBody(returnRequestSchema, req.body);
        if (!body.ok) return body.answer;
        const b = await boughtFor(req);
        if (!b.ok) return b.answer;
        if (!withinReturnWindow(await acquiredAt(b.referral), d.now())) {
          return fail(
            400,
            `This referral was acquired more than ${RETURN_WINDOW_DAYS} days ago and can no longer be returned.`,
          );
        }
        try {
          const requested = await p.returns.request({
            referralId: b.referral.opportunityId,
            agency: b.agency,
            by: principal.username,
            reason: body.value.reason,
            note: body.value.note ?? null,
            soldPrice: b.referral.soldPrice,
          });
          p.publish('returns', requested);
          return { status: 201, body: requested };
        } catch (err) {
          if (!(err instanceof ReturnConflictError)) throw err;
          return fail(409, err.message, err.current ?? undefined);
        }
      },
    },
    {
      ...API.returns,
      guard: 'signedIn',
      // The admins' queue (every agency's), or an agency's own returns.
      handler: async (req) => {
        const principal = principalOf(req);
        const q = parseQuery(returnsQuerySchema, req.query);
        if (!q.ok) return fail(400, 'invalid returns query', q.errors);
        const { state, page, size } = q.value;
        let agency: string | null = null;
        if (!principal.access.isAdmin) {
          agency = (await profiles.resolve(principal)).agencyName;
          if (agency === null) return fail(403, 'your account has no agency');
        }
        return ok(
          await p.returns.list({
            agency,
            state: state ?? null,
            page,
            size,
          }),
        );
      },
    },
    {
      ...API.decideReturn,
      guard: 'admin',
      write: true,
      audit: { action: 'return.decide', target: (req) => `return ${req.params.id ?? ''}` },
      handler: async (req) => {
        const id = idParam(req);
        if (id === undefined) return fail(404, 'return not found');
        const body = validateBody(returnDecisionSchema, req.body);
        if (!body.ok) return body.answer;
        try {
          const decided = await p.returns.decide(id, {
            approve: body.value.approve,
            comment: body.value.comment,
            by: principalOf(req).username,
          });
          p.publish('returns', decided);
          return ok(decided);
        } catch (err) {
          if (!(err instanceof ReturnConflictError)) throw err;
          return err.current ? fail(409, err.message, err.current) : fail(404, err.message);
        }
      },
    },
  ];
}
