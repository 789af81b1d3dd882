import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Role, type ReturnRequest } from '@referrals/shared';
import { ApiError } from '../../api/ApiError';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../../app/services.testkit';
import { goLive, pushChange, returnOf } from '../../pipeline/pipeline.testkit';
import { ReturnsPage } from './ReturnsPage';

type Params = Record<string, unknown>;
const pageOf = (content: readonly ReturnRequest[], totalPages = 1) => ({
  page: 1,
  size: 25,
  totalElements: content.length,
  totalPages,
  content,
});
const Where = () => <output data-testid="where">{useLocation().search}</output>;

const setup = (url = '/admin/returns', totalPages = 1) => {
  const api = fakeApi({
    '/api/returns': pageOf(
      [returnOf(7, { reason: 'other', note: 'Prank' }), returnOf(8)],
      totalPages,
    ),
  });
  const r = renderWith(
    <>
      <ReturnsPage />
      <Where />
    </>,
    { api, auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')), url },
  );
  const reads = () =>
    api.get.mock.calls
      .filter(([p]) => p === '/api/returns')
      .map((c) => (c as unknown[])[1] as Params);
  return { ...r, api, reads };
};
const rowOf = (referralId: number) =>
  screen.getByText(`#${referralId}`).closest('tr') as HTMLElement;

describe('the Returns queue', () => {
  it('lists the requested returns first, newest first as the relay orders them', async () => {
    const { reads } = setup();
    expect(await screen.findByRole('heading', { name: 'Returns', level: 1 })).toBeTruthy();
    await screen.findByText('#7');
    expect(reads()[0]).toEqual({ state: 'requested', page: 1, size: 25 });
    expect(within(rowOf(7)).getByText('Prank')).toBeTruthy();
    expect(within(rowOf(7)).getByText('$40')).toBeTruthy();
  });

  it('approves only with a comment, and sends the decision', async () => {
    const { api } = setup();
    await screen.findByText('#7');
    // The id is a way to the referral: its details open in the referral list.
    const link = screen.getByRole('link', { name: 'Referral #7' });
    expect(link.getAttribute('href')).toBe('/admin/all-referrals?referral=7');
    fireEvent.click(screen.getByRole('button', { name: 'Approve the return of referral #7' }));
    const d = await screen.findByRole('dialog', { name: /Approve the return of referral #7/ });
    const approve = within(d).getByRole('button', { name: 'Approve' });
    expect(approve.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(d).getByLabelText(/Comment/), { target: { value: '  Wrong number ' } });
    api.post.mockResolvedValue(returnOf(7, { state: 'approved', credit: 40 }));
    fireEvent.click(approve);
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/api/returns/57/decision', {
        approve: true,
        comment: 'Wrong number',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('The return is approved.')).toBeTruthy();
  });

  it("denies with a comment, and shows the relay's reason when it was already decided", async () => {
    const { api } = setup();
    await screen.findByText('#8');
    fireEvent.click(screen.getByRole('button', { name: 'Deny the return of referral #8' }));
    const d = await screen.findByRole('dialog', { name: /Deny the return of referral #8/ });
    fireEvent.change(within(d).getByLabelText(/Comment/), { target: { value: 'Valid lead' } });
    api.post.mockRejectedValue(new ApiError(409, 'This return was already decided.'));
    fireEvent.click(within(d).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('This return was already decided.')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/api/returns/58/decision', {
      approve: false,
      comment: 'Valid lead',
    });
  });

  it('filters by state and pages, through the address', async () => {
    const { reads } = setup('/admin/returns', 3);
    await screen.findByText('#7');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(reads().at(-1)).toEqual({ state: 'requested', page: 2, size: 25 }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Denied' }));
    await waitFor(() => expect(reads().at(-1)).toEqual({ state: 'denied', page: 1, size: 25 }));
    expect(screen.getByTestId('where').textContent).toBe('?state=denied');
  });

  it('shows beside the reason the evidence the agency sent, opened under the row and in the decision', async () => {
    const api = fakeApi({
      '/api/returns': pageOf([
        returnOf(7, {
          reason: 'wrongNumber',
          evidence: [
            {
              id: 'event:3',
              kind: 'status',
              at: '2026-12-01T09:00:00Z',
              by: 'producer',
              from: 'Open',
              to: 'In Progress',
            },
            {
              id: 'event:4',
              kind: 'contact',
              at: '2026-12-01T09:00:00Z',
              by: 'producer',
              contact: 'callWrongNumber',
            },
            {
              id: 'note:9',
              kind: 'note',
              at: '2026-12-01T09:00:00Z',
              by: 'producer',
              text: 'Disconnected tone.',
            },
          ],
        }),
        returnOf(8, { evidence: null }),
        returnOf(9, { evidence: [] }),
      ]),
    });
    renderWith(<ReturnsPage />, { api, auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')) });
    await screen.findByText('#7');
    const row = rowOf(7);
    expect(within(rowOf(8)).getByText('No evidence kept (asked before it was)')).toBeTruthy();
    expect(within(rowOf(9)).getByText('No evidence sent')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Evidence of referral #7' })).toBeNull();
    const show = within(row).getByRole('button', { name: 'Show the evidence of referral #7' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(show.textContent).toBe('Show evidence (3)');
    fireEvent.click(show);
    expect(
      screen.getByText('Sent with the request: 1 contact attempt · 1 status change · 1 note'),
    ).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Evidence of referral #7' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^producer · .*Progress: Open → In Progress$/),
      expect.stringMatching(/^producer · .*Contact attempt: Call, disconnected or wrong number$/),
      expect.stringMatching(/^producer · .*Disconnected tone\.$/),
    ]);
    fireEvent.click(within(row).getByRole('button', { name: 'Hide the evidence of referral #7' }));
    expect(screen.queryByRole('list', { name: 'Evidence of referral #7' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Deny the return of referral #7' }));
    const d = await screen.findByRole('dialog', { name: /Deny the return of referral #7/ });
    expect(within(d).getByText('Disconnected or wrong number')).toBeTruthy();
    const sent = within(d).getByRole('list', { name: 'Evidence sent' });
    expect(within(sent).getAllByRole('listitem')).toHaveLength(3);
  });

  it('reads the queue again when a return is requested anywhere (live)', async () => {
    const { reads, socket } = setup();
    await screen.findByText('#7');
    goLive(socket);
    await waitFor(() => expect(reads().length).toBeGreaterThan(1));
    const before = reads().length;
    pushChange(socket, 2, { returns: returnOf(9) });
    await waitFor(() => expect(reads().length).toBe(before + 1));
  });
});
