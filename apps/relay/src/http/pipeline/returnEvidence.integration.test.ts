import type {
  ChangesMessage,
  Pipeline,
  ReturnRequest,
  ReturnWindow,
  TimelineEntry,
} from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { claimedReferral, subscribe, type ClientSocket } from '../../testkit/stack.testkit.js';
import { useStack } from '../../testkit/useStack.testkit.js';

// A PostgreSQL database of this file's own: another file's stand-in numbers its referrals the
// same way, and their pipelines and returns must not meet these.
const stack = useStack({ database: 'evidence' });
const call = stack.call;

/** A new referral, claimed through the relay by the producer (Lone Star). */
const bought = () => claimedReferral(stack.url, stack.sim);

type Detail = Pipeline & { return: ReturnRequest | null; returnWindow: ReturnWindow };

/** The next returns change a socket hears for a referral. */
function nextReturn(socket: ClientSocket, referralId: number, ms = 5000) {
  return new Promise<ReturnRequest>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no returns change in ${ms} ms`)), ms);
    const onChange = (m: ChangesMessage) => {
      if (m.topic.kind !== 'returns') return;
      const hit = (m.upserts as unknown as ReturnRequest[]).find(
        (r) => r.referralId === referralId,
      );
      if (!hit) return;
      clearTimeout(timer);
      socket.off('changes', onChange);
      resolve(hit);
    };
    socket.on('changes', onChange);
  });
}

describe('the timeline of a bought referral', () => {
  it('records each status change and contact attempt with who and when, beside the notes', async () => {
    const referral = await bought();
    const path = `/api/acquired/${referral.opportunityId}/pipeline`;
    const fresh = (await call('GET', path, 'producer')).body as Detail;
    expect(fresh).toMatchObject({ events: [], notes: [] });
    // The window the relay counts from the claim it saw: 7 days to the millisecond.
    const { acquiredAt, endsAt } = fresh.returnWindow;
    expect(Date.parse(endsAt) - Date.parse(acquiredAt)).toBe(7 * 86_400_000);
    expect(Math.abs(Date.parse(acquiredAt) - Date.now())).toBeLessThan(60_000);

    const first = await call('PUT', path, 'producer', {
      version: 0,
      status: 'In Progress',
      followUpOn: null,
      contact: 'callWrongNumber',
      note: 'The number is disconnected.',
    });
    expect(first.status).toBe(200);
    // Same status, a second attempt: an event for the attempt, none for the status.
    const second = await call('PUT', path, 'agencyadmin', {
      version: 1,
      status: 'In Progress',
      followUpOn: null,
      contact: 'emailBounced',
    });
    expect(second.status).toBe(200);
    const events = (second.body as Pipeline).events;
    expect(events).toEqual([
      expect.objectContaining({ kind: 'status', from: 'Open', to: 'In Progress', by: 'producer' }),
      expect.objectContaining({ kind: 'contact', contact: 'callWrongNumber', by: 'producer' }),
      expect.objectContaining({ kind: 'contact', contact: 'emailBounced', by: 'agencyadmin' }),
    ]);
    for (const e of events) expect(Number.isNaN(Date.parse(e.at))).toBe(false);

    // A stale save writes no event.
    const stale = await call('PUT', path, 'producer', {
      version: 1,
      status: 'Quote Sent',
      followUpOn: null,
      contact: 'callReached',
    });
    expect(stale.status).toBe(409);
    expect(((await call('GET', path, 'producer')).body as Pipeline).events).toHaveLength(3);

    // Each save's events are in the audit log.
    const audit = await call(
      'GET',
      '/api/audit-log?action=pipeline.update&user=agencyadmin',
      'admin',
    );
    const entry = (
      audit.body as { content: { target: string; after: { events: unknown[] } }[] }
    ).content.find((e) => e.target === `referral ${referral.opportunityId}`);
    expect(entry?.after.events).toEqual([
      expect.objectContaining({ kind: 'contact', contact: 'emailBounced' }),
    ]);
  });

  it('refuses an unknown contact attempt with the reason and writes nothing', async () => {
    const referral = await bought();
    const path = `/api/acquired/${referral.opportunityId}/pipeline`;
    const res = await call('PUT', path, 'producer', {
      version: 0,
      status: 'In Progress',
      followUpOn: null,
      contact: 'pigeon',
    });
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toMatch(/^Contact attempt must be one of /);
    expect((await call('GET', path, 'producer')).body).toMatchObject({ version: 0, events: [] });
  });
});

describe('a return with its evidence', () => {
  it('stores the chosen timeline entries with the request, unchanged by later saves, and the admin sees them', async () => {
    // The first change of the stream arrives as a snapshot: make it before anyone listens.
    const warm = await bought();
    await call('POST', `/api/acquired/${warm.opportunityId}/return`, 'producer', {
      reason: 'duplicate',
    });
    const referral = await bought();
    const id = referral.opportunityId;
    const path = `/api/acquired/${id}/pipeline`;
    await call('PUT', path, 'producer', {
      version: 0,
      status: 'In Progress',
      followUpOn: null,
      contact: 'callWrongNumber',
      note: 'Disconnected tone twice.',
    });
    const detail = (await call('GET', path, 'producer')).body as Detail;
    const statusId = `event:${detail.events[0]?.id ?? 0}`;
    const noteId = `note:${detail.notes[0]?.id ?? 0}`;

    const admin = await stack.socket('admin');
    expect(await subscribe(admin, { kind: 'returns' })).toMatchObject({ ok: true });
    const heard = nextReturn(admin, id);

    // The agent leaves the contact attempt out: only the two chosen entries are kept.
    const asked = await call('POST', `/api/acquired/${id}/return`, 'producer', {
      reason: 'wrongNumber',
      evidence: [noteId, statusId],
    });
    expect(asked.status).toBe(201);
    const evidence = (asked.body as ReturnRequest).evidence as TimelineEntry[];
    expect(evidence).toEqual([
      expect.objectContaining({ id: statusId, kind: 'status', from: 'Open', to: 'In Progress' }),
      expect.objectContaining({
        id: noteId,
        kind: 'note',
        text: 'Disconnected tone twice.',
        by: 'producer',
      }),
    ]);
    // Live through the relay: the admin's queue hears the request with its evidence.
    expect((await heard).evidence).toEqual(evidence);

    // The pipeline changes afterwards; the request keeps what was sent.
    await call('PUT', path, 'producer', {
      version: 1,
      status: 'Unable to Service',
      followUpOn: null,
      note: 'Written after the request.',
    });
    const queue = await call('GET', '/api/returns?state=requested&size=100', 'admin');
    const row = (queue.body as { content: ReturnRequest[] }).content.find(
      (r) => r.referralId === id,
    );
    expect(row?.evidence).toEqual(evidence);

    // The request and its evidence are in the audit log.
    const audit = await call('GET', '/api/audit-log?action=return.request&user=producer', 'admin');
    const entry = (
      audit.body as { content: { target: string; after: ReturnRequest }[] }
    ).content.find((e) => e.target === `referral ${id}`);
    expect(entry?.after.evidence).toEqual(evidence);
  });

  it('sends the whole timeline when the request names no entries', async () => {
    const referral = await bought();
    const id = referral.opportunityId;
    await call('PUT', `/api/acquired/${id}/pipeline`, 'producer', {
      version: 0,
      status: 'Open',
      followUpOn: null,
      contact: 'callNoAnswer',
      note: 'No answer.',
    });
    const asked = await call('POST', `/api/acquired/${id}/return`, 'producer', {
      reason: 'neverRequested',
    });
    expect(asked.status).toBe(201);
    expect(((asked.body as ReturnRequest).evidence ?? []).map((e) => e.kind)).toEqual([
      'contact',
      'note',
    ]);
  });

  it('refuses bad evidence with a reason and records no request', async () => {
    const referral = await bought();
    const id = referral.opportunityId;
    const path = `/api/acquired/${id}/return`;
    const other = await bought();
    await call('PUT', `/api/acquired/${other.opportunityId}/pipeline`, 'producer', {
      version: 0,
      status: 'Open',
      followUpOn: null,
      note: 'Another referral’s note.',
    });
    const foreign = (
      (await call('GET', `/api/acquired/${other.opportunityId}/pipeline`, 'producer'))
        .body as Detail
    ).notes[0]?.id;
    for (const [evidence, reason] of [
      ['note:1', /^Evidence must be a list of timeline entry ids\.$/],
      [[1, 2], /^Evidence must be a list of timeline entry ids\.$/],
      [['note:1', 'note:1'], /^Evidence names an entry twice\.$/],
      [
        Array.from({ length: 201 }, (_, i) => `note:${i}`),
        /^Evidence may name at most 200 entries\.$/,
      ],
      [
        [`note:${foreign}`],
        /^Evidence names an entry not in this referral's timeline: note:\d+\.$/,
      ],
    ] as const) {
      const res = await call('POST', path, 'producer', { reason: 'duplicate', evidence });
      expect(res.status, JSON.stringify(evidence).slice(0, 60)).toBe(400);
      expect((res.body as { error: string }).error).toMatch(reason);
    }
    expect((await call('GET', `/api/acquired/${id}/pipeline`, 'producer')).body).toMatchObject({
      return: null,
    });
  });
});

describe('the contract', () => {
  it('publishes the evidence, the contact attempts and the return window in the OpenAPI document', async () => {
    const doc = (await call('GET', '/api/openapi.json', null)).body as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
      paths: Record<string, Record<string, unknown>>;
    };
    const { schemas } = doc.components;
    expect(schemas.ReturnRequestBody?.properties.evidence).toMatchObject({
      type: 'array',
      items: { type: 'string' },
      maxItems: 200,
    });
    expect(schemas.PipelineUpdate?.properties.contact).toMatchObject({
      enum: expect.arrayContaining(['callWrongNumber', 'emailBounced']) as unknown,
    });
    const detail = JSON.stringify(doc.paths['/api/acquired/{id}/pipeline']?.get);
    expect(detail).toContain('returnWindow');
    expect(detail).toContain('events');
    expect(JSON.stringify(doc.paths['/api/returns']?.get)).toContain('evidence');
  });
});
