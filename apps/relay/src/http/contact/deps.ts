/**
 * What the contact clocks and speed figures read beside the gateway's own: the agencies' targets,
 * the claims the clocks start at (the audit log's) and the pipelines that stop them.
 * Invariant: claims are read only through the audit log, so the clocks and the return window
 * count from the same claim.
 */
import type { AuditLog } from '../../db/auditLog.js';
import type { ContactTargetStore } from '../../db/contactTarget.js';
import type { PipelineStore } from '../../db/pipeline.js';

/** The stores the clock routes read. */
export interface ClockDeps {
  readonly targets: ContactTargetStore;
  readonly claims: Pick<AuditLog, 'claimsOf'>;
  readonly pipeline: PipelineStore;
}
