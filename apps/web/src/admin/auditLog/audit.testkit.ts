import { act } from '@testing-library/react';
import type { AuditEntry } from '@referrals/shared';
import type { FakeSocket } from '../../live/fakeSocket.testkit';

/** An audit entry numbered `id`, to be varied by each test. */
export const anEntry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: `2026-11-20T1${id % 10}:00:00.000Z`,
  requestId: `req-${id}`,
  actor: 'admin',
  agency: null,
  action: 'featureFlag.update',
  target: `flag ${id}`,
  outcome: 'ok',
  status: 200,
  before: { id, name: `flag-${id}`, enabled: false },
  after: { id, name: `flag-${id}`, enabled: true },
  ...overrides,
});

/** A page of the relay's answer holding these entries. */
export const pageOf = (content: AuditEntry[], page = 1, totalElements = content.length) => ({
  page,
  size: 25,
  totalElements,
  totalPages: Math.ceil(totalElements / 25),
  content,
});

const TOPIC = { kind: 'auditLog' } as const;

/**
 * Plays the relay's auditLog topic: connects, answers the screen's subscription with the empty
 * snapshot this topic always gives; `record` then sends each new entry as the relay does.
 */
export function serveAuditTopic(socket: FakeSocket) {
  act(() => socket.connect(true));
  const call = socket
    .calls('subscribe')
    .find((c) => (c.args[0] as { kind: string }).kind === 'auditLog');
  if (!call) throw new Error('the screen did not subscribe to the audit log');
  act(() =>
    (call.args.at(-1) as (a: unknown) => void)({
      ok: true,
      snapshot: { topic: TOPIC, seq: 1, complete: false, items: [] },
    }),
  );
  let seq = 1;
  return {
    record: (entry: AuditEntry) =>
      act(() => {
        socket.push('changes', {
          topic: TOPIC,
          prevSeq: seq,
          seq: seq + 1,
          upserts: [entry],
          removed: [],
        });
        seq += 1;
      }),
  };
}
