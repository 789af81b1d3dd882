/**
 * `PUT /api/acquired/:id/pipeline`: saves a bought referral's progress, follow-up and note.
 * Invariant: a save is applied only over the version it was based on; a stale one is refused
 * with 409 and the current pipeline, never written over a colleague's change.
 */
import { API, pipelineUpdateSchema, type Pipeline } from '@referrals/shared';
import { StalePipelineError } from '../../db/pipeline.js';
import { fail, ok, principalOf, type Route } from '../api.js';
import type { GatewayDeps } from '../deps.js';
import { validateBody } from '../validateBody.js';
import { boughtFor, referralOfPath } from './bought.js';
import type { PipelineDeps } from './deps.js';

export function savePipelineRoute(d: GatewayDeps, p: PipelineDeps): Route {
  return {
    ...API.savePipeline,
    guard: 'signedIn',
    write: true,
    audit: {
      action: 'pipeline.update',
      target: referralOfPath,
      after: (body) => {
        const { status, followUpOn, version, notes, events, updatedAt } = body as Pipeline;
        return {
          status,
          followUpOn,
          version,
          note: notes.at(-1)?.text ?? null,
          // What this save recorded in the history: its events carry the save's own time.
          events: events.filter((e) => e.at === updatedAt),
        };
      },
    },
    handler: async (req) => {
      const body = validateBody(pipelineUpdateSchema, req.body);
      if (!body.ok) return body.answer;
      const b = await boughtFor(d, req);
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
  };
}
