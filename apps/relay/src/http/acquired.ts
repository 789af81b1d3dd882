/**
 * The acquired list (an agency's purchases; every agency's, the Claim-It Transactions, for
 * admins), its conversion figures and its CSV export. One route a file under acquired/; this file
 * lists them in the order they are mounted.
 * Invariant: every route here is scoped by acquired/query.ts's `acquiredScopeOf`, so a user who
 * is not an admin reads only their own agency's purchases.
 */
import type { PipelineStore } from '../db/pipeline.js';
import type { ReturnStore } from '../db/returns.js';
import type { Route } from './api.js';
import type { GatewayDeps } from './deps.js';
import { acquiredRoute } from './acquired/acquired.js';
import { acquiredExportRoute } from './acquired/acquiredExport.js';
import { conversionRoute } from './acquired/conversion.js';

export { EXPORT_MAX_ROWS } from './acquired/filtered.js';
export { parseProgressFilter, type ProgressFilter } from './acquired/query.js';

/** The acquired list, the conversion figures and the export, in the order they are mounted. */
export function acquiredRoutes(
  d: GatewayDeps,
  pipeline: PipelineStore,
  returns: ReturnStore,
): Route[] {
  return [
    acquiredRoute(d, pipeline),
    conversionRoute(d, pipeline, returns),
    acquiredExportRoute(d, pipeline),
  ];
}
