/**
 * The agency's work on the referrals it bought: progress, follow-up and notes, and returns. One
 * route a file under pipeline/; this file lists them in the order they are mounted.
 * Invariant: only the buying agency's users (and admins) read or change a referral's pipeline
 * and return; everyone else gets 403 (pipeline/bought.ts).
 */
import type { Route } from './api.js';
import type { GatewayDeps } from './deps.js';
import { decideReturnRoute } from './pipeline/decideReturn.js';
import type { PipelineDeps } from './pipeline/deps.js';
import { pipelineRoute } from './pipeline/pipeline.js';
import { pipelinesRoute } from './pipeline/pipelines.js';
import { requestReturnRoute } from './pipeline/requestReturn.js';
import { returnsRoute } from './pipeline/returns.js';
import { savePipelineRoute } from './pipeline/savePipeline.js';

export type { PipelineDeps } from './pipeline/deps.js';

/** The pipeline and return routes, in the order they are mounted. */
export function pipelineRoutes(d: GatewayDeps, p: PipelineDeps): Route[] {
  return [
    pipelinesRoute(d, p),
    pipelineRoute(d, p),
    savePipelineRoute(d, p),
    requestReturnRoute(d, p),
    returnsRoute(d, p),
    decideReturnRoute(p),
  ];
}
