import type {
  AuditPage,
  ChangesMessage,
  ContactClock,
  ContactSpeedFigures,
  TopicKind,
} from '@referrals/shared';
import { describe, expect, it } from 'vitest';
import { claimedReferral, subscribe, type ClientSocket } from '../../testkit/stack.testkit.js';
import { useStack } from '../../testkit/useStack.testkit.js';

// A database of this file's own: its claims are the only ones the speed figures count.
const stack = useStack({ database: 'contactclock' });
const call = stack.call;

const TARGET = '/api/my-agency/contact-target';
type Clocks = { targetMinutes: number; items: ContactClock[] };
const clocks = async (user: string, ids?: readonly number[]) =>
  (await call('GET', `/api/contact-clocks${ids ? `?ids=${ids.join(',')}` : ''}`, user)) as {
    status: number;
    body: Clocks;
  };
const save = (id: number, body: object, user = 'producer') =>
  call('PUT', `/api/acquired/${id}/pipeline`, user, { version: 0, followUpOn: null, ...body });

/** Every change of a topic a socket hears, from now on. */
function heard(socket: ClientSocket, kind: TopicKind): unknown[] {
  const got: unknown[] = [];
  socket.on('changes', (m: ChangesMessage) => {
    if (m.topic.kind === kind) got.push(...m.upserts);
  });
  return got;
}

describe("an agency's contact target", () => {
  it('is 10 minutes until its admin sets one; out-of-range targets are refused with the reason and change nothing', async () => {
    expect(await call('GET', TARGET, 'producer')).toMatchObject({
      status: 200,
      body: { agency: 'Lone Star Insurance Group', minutes: 10, updatedBy: null, canChange: false },
    });
    const refused = await call('PUT', TARGET, 'producer', { minutes: 15 });
    expect(refused.status).toBe(403);
    expect((refused.body as { error: string }).error).toMatch(/agency's admin/);
    for (const minutes of [0, 241, 7.5, '15', null]) {
      const bad = await call('PUT', TARGET, 'agencyadmin', { minutes });
      expect(bad.status, JSON.stringify(minutes)).toBe(400);
      expect((bad.body as { error: string }).error).toBe(
        'The contact target must be a whole number of minutes from 1 to 240.',
      );
    }
    const extra = await call('PUT', TARGET, 'agencyadmin', { minutes: 15, agency: 'Other' });
    expect(extra.status).toBe(400);
    expect((await call('GET', TARGET, 'agencyadmin')).body).toMatchObject({
      minutes: 10,
      canChange: true,
    });
  });

  it("is set by the agency's admin, audited, read by its agents, and no other agency's", async () => {
    // The first change of a notice stream arrives as a snapshot: make it before anyone listens.
    expect((await call('PUT', TARGET, 'agencyadmin', { minutes: 10 })).status).toBe(200);
    const admins = await stack.socket('agencyadmin');
    const other = await stack.socket('fulcrum');
    for (const s of [admins, other])
      expect(await subscribe(s, { kind: 'agencySettings' })).toMatchObject({ ok: true });
    const seenByOther = heard(other, 'agencySettings');
    const seen = new Promise<unknown>((resolve) =>
      admins.on('changes', (m: ChangesMessage) => {
        if (m.topic.kind === 'agencySettings') resolve(m.upserts[0]);
      }),
    );

    const saved = await call('PUT', TARGET, 'agencyadmin', { minutes: 15 });
    expect(saved).toMatchObject({ status: 200, body: { minutes: 15, updatedBy: 'agencyadmin' } });
    expect(await seen).toMatchObject({ setting: 'contactTarget', marketplaceId: null });
    expect((await call('GET', TARGET, 'producer')).body).toMatchObject({ minutes: 15 });
    // Another agency keeps its own (the default) and hears nothing of this one's.
    expect((await call('GET', TARGET, 'fulcrum')).body).toMatchObject({
      agency: 'Peachtree Risk Advisors',
      minutes: 10,
    });
    // A caller without an agency has no target.
    expect((await call('GET', TARGET, 'admin')).status).toBe(403);

    const audit = (await call('GET', '/api/audit-log?action=agency.contactTarget', 'admin'))
      .body as AuditPage;
    const outcomes = audit.content.map((e) => [e.actor, e.outcome]);
    expect(outcomes).toContainEqual(['agencyadmin', 'ok']);
    expect(outcomes).toContainEqual(['producer', 'refused']);
    const ok = audit.content.find(
      (e) => e.outcome === 'ok' && (e.after as { minutes?: number } | null)?.minutes === 15,
    );
    expect(ok?.before).toEqual({ agency: 'Lone Star Insurance Group', minutes: 10 });
    expect(ok?.after).toEqual({ agency: 'Lone Star Insurance Group', minutes: 15 });
    expect(seenByOther).toEqual([]);
  });
});

describe('the contact clock of a bought referral', () => {
  it('starts at the claim and is stopped by the first progress change, contact attempt or note, for the buying agency only', async () => {
    const other = await stack.socket('fulcrum');
    expect(await subscribe(other, { kind: 'pipeline' })).toMatchObject({ ok: true });
    const seenByOther = heard(other, 'pipeline');

    const byStatus = await claimedReferral(stack.url, stack.sim);
    const byNote = await claimedReferral(stack.url, stack.sim);
    const ids = [byStatus.opportunityId, byNote.opportunityId];
    const fresh = await clocks('producer', ids);
    expect(fresh.status).toBe(200);
    expect(fresh.body.targetMinutes).toBe(15);
    expect(fresh.body.items).toHaveLength(2);
    for (const c of fresh.body.items) {
      expect(c).toMatchObject({ claimedBy: 'producer', contactedAt: null, contactedBy: null });
      expect(Math.abs(Date.parse(c.claimedAt) - Date.now())).toBeLessThan(60_000);
    }
    // Without ids: the agency's running clocks, these among them.
    const running = (await clocks('agencyadmin')).body.items.map((c) => c.referralId);
    expect(running).toEqual(expect.arrayContaining(ids));

    // Another agency is answered none of them; a caller with no agency is refused.
    expect((await clocks('fulcrum', ids)).body.items).toEqual([]);
    expect((await clocks('fulcrum')).body.items.map((c) => c.referralId)).not.toEqual(
      expect.arrayContaining([ids[0]]),
    );
    expect((await clocks('admin', ids)).status).toBe(403);

    const status = await save(byStatus.opportunityId, { status: 'In Progress' });
    expect(status.status).toBe(200);
    const note = await save(
      byNote.opportunityId,
      { status: 'Open', note: 'Left a message.' },
      'agencyadmin',
    );
    expect(note.status).toBe(200);
    const after = (await clocks('producer', ids)).body.items;
    const statusAt = (status.body as { events: { at: string }[] }).events[0]?.at;
    const noteAt = (note.body as { notes: { at: string }[] }).notes[0]?.at;
    expect(after.find((c) => c.referralId === byStatus.opportunityId)).toMatchObject({
      contactedAt: statusAt,
      contactedBy: 'producer',
    });
    expect(after.find((c) => c.referralId === byNote.opportunityId)).toMatchObject({
      contactedAt: noteAt,
      contactedBy: 'agencyadmin',
    });
    // A stopped clock is no longer running.
    const still = (await clocks('producer')).body.items.map((c) => c.referralId);
    expect(still).not.toContain(byStatus.opportunityId);
    expect(still).not.toContain(byNote.opportunityId);
    // A later change does not move the contact time.
    await call('PUT', `/api/acquired/${byStatus.opportunityId}/pipeline`, 'producer', {
      version: 1,
      status: 'Quote Sent',
      followUpOn: null,
    });
    const [again] = (await clocks('producer', [byStatus.opportunityId])).body.items;
    expect(again?.contactedAt).toBe(statusAt);
    // The other agency's socket heard none of these saves.
    await new Promise((r) => setTimeout(r, 500));
    expect(
      seenByOther.filter((p) => ids.includes((p as { referralId: number }).referralId)),
    ).toEqual([]);
  });

  it("gives the dashboard each producer's median time to contact and the bound rate by speed", async () => {
    const speedOf = async (user: string) =>
      (await call('GET', '/api/contact-speed?dateFilter=30days', user)) as {
        status: number;
        body: ContactSpeedFigures;
      };
    const before = (await speedOf('agencyadmin')).body;
    const mine = before.byProducer.find((p) => p.producer === 'producer');
    const bound = await claimedReferral(stack.url, stack.sim);
    const open = await claimedReferral(stack.url, stack.sim);
    expect((await save(bound.opportunityId, { status: 'Bound Prospect' })).status).toBe(200);
    const speed = await speedOf('agencyadmin');
    expect(speed.status).toBe(200);
    const producer = speed.body.byProducer.find((p) => p.producer === 'producer');
    expect(producer).toMatchObject({
      claimed: (mine?.claimed ?? 0) + 2,
      contacted: (mine?.contacted ?? 0) + 1,
    });
    expect(producer?.medianMs).toBeGreaterThanOrEqual(0);
    expect(producer?.medianMs).toBeLessThan(5 * 60_000);
    const group = (s: ContactSpeedFigures, k: string) => s.bySpeed.find((g) => g.speed === k);
    expect(group(speed.body, 'under5')).toMatchObject({
      referrals: (group(before, 'under5')?.referrals ?? 0) + 1,
      bound: (group(before, 'under5')?.bound ?? 0) + 1,
    });
    expect(group(speed.body, 'none')?.referrals).toBe((group(before, 'none')?.referrals ?? 0) + 1);
    expect(speed.body.bySpeed.map((g) => g.speed)).toEqual([
      'under5',
      'from5to30',
      'over30',
      'none',
    ]);
    // Another agency's figures hold none of these.
    const others = (await speedOf('fulcrum')).body;
    expect(others.byProducer.map((p) => p.producer)).not.toContain('producer');
    expect(open.opportunityId).not.toBe(bound.opportunityId);
  });
});
