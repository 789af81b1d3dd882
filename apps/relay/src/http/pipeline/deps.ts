/**
 * What the pipeline routes work with beside the gateway's own: the stores of an agency's work on
 * its purchases, the audit log (when a referral was claimed) and the publisher of changes.
 * Invariant: a change is published only once its store has kept it.
 */
import type { Pipeline, ReturnRequest } from '@referrals/shared';
import type { AuditLog } from '../../db/auditLog.js';
import type { PipelineStore } from '../../db/pipeline.js';
import type { ReturnStore } from '../../db/returns.js';

/** What the work after the claim needs beside the gateway's own. */
export interface PipelineDeps {
  readonly pipeline: PipelineStore;
  readonly returns: ReturnStore;
  readonly audit: AuditLog;
  /** Sends a change to every instance's sockets of the agency it belongs to (and admins). */
  readonly publish: (stream: 'pipeline' | 'returns', record: Pipeline | ReturnRequest) => void;
}
