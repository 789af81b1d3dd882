import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role } from '@referrals/shared';
import { ApiError } from '../api/ApiError';
import { fakeApi, fakeAuth, renderWith, sessionOf } from '../app/services.testkit';
import { DetailsPanel } from '../details/DetailsPanel';
import type { GridRow } from '../referrals/gridColumns';
import {
  goLive,
  pipelineOf,
  pipelineOnly,
  pushChange,
  returnOf,
  windowEndingIn,
} from './pipeline.testkit';
import { PAST_FOLLOW_UP } from './PipelineForm';
import { PIPELINE_TOASTS } from './usePipeline';

const bought: GridRow = {
  opportunityId: 7,
  opportunityType: 'CIR',
  marketplaceStatus: 'Claimed',
  addDate: new Date(Date.now() - 86_400_000).toISOString(),
  lastModDate: new Date().toISOString(),
  state: 'TX',
  city: 'Austin',
  category: 'COMMERCIAL',
  businessLines: [],
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '5125550100',
  email: 'ann@example.com',
  soldPrice: 40,
};
const PATH = '/api/acquired/7/pipeline';

const open = (answers: Record<string, unknown>, role: Role = Role.CONSOLE_PRODUCER) => {
  const api = fakeApi({ '/api/referrals/7': bought, ...answers });
  const r = renderWith(<DetailsPanel referral={bought} onClose={() => undefined} />, {
    api,
    auth: fakeAuth(sessionOf(role)),
  });
  return { api, ...r };
};
const progress = () => screen.findByRole('combobox', { name: 'Progress' });
const choose = async (label: string) => {
  fireEvent.mouseDown(await progress());
  fireEvent.click(await screen.findByRole('option', { name: label }));
};

describe('the pipeline in the details panel', () => {
  it('saves the status, follow-up and note with the version it read', async () => {
    const { api } = open({ [PATH]: pipelineOf(7, { version: 3, status: 'In Progress' }) });
    expect((await progress()).textContent).toBe('In Progress');
    // One instant for the whole save: the history orders by time, then events before notes.
    const at = new Date().toISOString();
    api.put.mockResolvedValue(
      pipelineOf(7, {
        version: 4,
        status: 'Quote Sent',
        followUpOn: '2026-12-01',
        notes: [{ id: 1, author: 'producer', at, text: 'Called' }],
        events: [
          {
            id: 4,
            kind: 'status',
            at,
            by: 'producer',
            from: 'In Progress',
            to: 'Quote Sent',
          },
          {
            id: 5,
            kind: 'contact',
            at,
            by: 'producer',
            contact: 'callVoicemail',
          },
        ],
      }),
    );
    await choose('Quote Sent');
    fireEvent.change(screen.getByLabelText('Follow-up'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Add note'), { target: { value: ' Called ' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Log contact attempt' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Call, left voicemail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith(PATH, {
        version: 3,
        status: 'Quote Sent',
        followUpOn: '2026-12-01',
        note: 'Called',
        contact: 'callVoicemail',
      }),
    );
    // The history: the status change, then the attempt, then the note, each with who and when.
    const history = await screen.findByRole('list', { name: 'History' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^producer · .*Progress: In Progress → Quote Sent$/),
      expect.stringMatching(/^producer · .*Contact attempt: Call, left voicemail$/),
      expect.stringMatching(/^producer · .*Called$/),
    ]);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Add note').value).toBe('');
    expect(screen.getByRole('combobox', { name: 'Log contact attempt' }).textContent).not.toMatch(
      /voicemail/,
    );
  });

  it("on a stale version (409) shows the relay's message and the colleague's state", async () => {
    const { api } = open({ [PATH]: pipelineOf(7, { version: 3 }) });
    await progress();
    const message =
      'Someone in your agency changed this referral first. Their changes are shown; make yours again.';
    api.put.mockImplementation(() => {
      api.get.mockImplementation((path: string) =>
        Promise.resolve(
          path === PATH ? pipelineOf(7, { version: 4, status: 'Bound Prospect' }) : bought,
        ),
      );
      return Promise.reject(new ApiError(409, message));
    });
    await choose('Quote Sent');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    await waitFor(async () => expect((await progress()).textContent).toBe('Bound'));
    // The next save names the version just read.
    api.put.mockResolvedValue(pipelineOf(7, { version: 5, status: 'Open' }));
    await choose('Open');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.put).toHaveBeenLastCalledWith(PATH, expect.objectContaining({ version: 4 })),
    );
  });

  it("shows a colleague's change live in the open panel", async () => {
    const { socket } = open({ [PATH]: pipelineOf(7, { version: 1 }) });
    expect((await progress()).textContent).toBe('Open');
    goLive(socket);
    const p = pipelineOnly(pipelineOf(7, { version: 2, status: 'Quote Sent' }));
    pushChange(socket, 2, { pipeline: p });
    await waitFor(async () => expect((await progress()).textContent).toBe('Quote Sent'));
    pushChange(socket, 2, {
      returns: returnOf(7, { state: 'approved', credit: 40, comment: 'Wrong number confirmed' }),
    });
    expect(
      await screen.findByText('Return approved, credit $40: Wrong number confirmed'),
    ).toBeTruthy();
  });

  it('shows nothing of a referral another agency bought (403)', async () => {
    const { api } = open({});
    api.get.mockImplementation((path: string) =>
      path === PATH ? Promise.reject(new ApiError(403, 'not yours')) : Promise.resolve(bought),
    );
    await screen.findByRole('region', { name: /referral #7/ });
    await waitFor(() => expect(api.get).toHaveBeenCalledWith(PATH));
    expect(screen.queryByRole('combobox', { name: 'Progress' })).toBeNull();
  });
});

describe('a return request', () => {
  const dialog = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Request return' }));
    return screen.findByRole('dialog', { name: 'Request return' });
  };
  const reason = async (d: HTMLElement, label: string) => {
    fireEvent.mouseDown(within(d).getByRole('combobox', { name: 'Reason' }));
    fireEvent.click(await screen.findByRole('option', { name: label }));
  };

  it('needs a note with Other, and sends the reason and note', async () => {
    const { api } = open({ [PATH]: pipelineOf(7) });
    const d = await dialog();
    const send = within(d).getByRole('button', { name: 'Request return' });
    expect(send.hasAttribute('disabled')).toBe(true);
    await reason(d, 'Other');
    expect(within(d).getByText('A note is required when the reason is Other.')).toBeTruthy();
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(d).getByLabelText(/Note/), { target: { value: 'Prank caller' } });
    api.post.mockResolvedValue(returnOf(7, { reason: 'other', note: 'Prank caller' }));
    fireEvent.click(send);
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/api/acquired/7/return', {
        reason: 'other',
        note: 'Prank caller',
        evidence: [],
      }),
    );
    expect(
      await screen.findByText('Return requested by producer: Other (Prank caller).'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request return' })).toBeNull();
  });

  it("shows the relay's reason when it refuses", async () => {
    const { api } = open({ [PATH]: pipelineOf(7) });
    const d = await dialog();
    await reason(d, 'Duplicate');
    api.post.mockRejectedValue(new ApiError(409, 'A return was already requested.'));
    fireEvent.click(within(d).getByRole('button', { name: 'Request return' }));
    expect(await within(d).findByText('A return was already requested.')).toBeTruthy();
  });

  it('is not offered once the window the relay counts has closed, nor to admins', async () => {
    const { unmount } = open({ [PATH]: pipelineOf(7) }, Role.CONSOLE_ADMIN);
    await progress();
    expect(screen.queryByRole('button', { name: 'Request return' })).toBeNull();
    unmount();
    // The referral changed upstream a minute ago, but the relay counts from the claim, 8 days ago.
    open({ [PATH]: pipelineOf(7, { returnWindow: windowEndingIn(-24) }) });
    expect((await screen.findByRole('timer', { name: 'Return window' })).textContent).toMatch(
      /^The return window closed on .+ \(7 days after the purchase\)\.$/,
    );
    expect(screen.queryByRole('button', { name: 'Request return' })).toBeNull();
  });

  it('counts down the days and hours left beside the request', async () => {
    open({ [PATH]: pipelineOf(7, { returnWindow: windowEndingIn(2 * 24 + 5.5) }) });
    expect((await screen.findByRole('timer', { name: 'Return window' })).textContent).toMatch(
      /^2 days 5 hours left to request a return \(until .+\)\.$/,
    );
    expect(screen.getByRole('button', { name: 'Request return' })).toBeTruthy();
  });

  it('counts the last day in hours and minutes', async () => {
    open({ [PATH]: pipelineOf(7, { returnWindow: windowEndingIn(3.5) }) });
    expect((await screen.findByRole('timer', { name: 'Return window' })).textContent).toMatch(
      /^3 hours (29|30) minutes left/,
    );
  });

  it('pre-fills the timeline as evidence and sends the entries left ticked', async () => {
    const at = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    const { api } = open({
      [PATH]: pipelineOf(7, {
        version: 2,
        status: 'In Progress',
        events: [
          { id: 3, kind: 'status', at: at(50), by: 'producer', from: 'Open', to: 'In Progress' },
          { id: 4, kind: 'contact', at: at(50), by: 'producer', contact: 'callWrongNumber' },
          { id: 6, kind: 'contact', at: at(10), by: 'agencyadmin', contact: 'emailBounced' },
        ],
        notes: [{ id: 9, author: 'producer', at: at(50), text: 'Disconnected tone.' }],
      }),
    });
    const d = await dialog();
    expect(within(d).getByText('Evidence: 4 of 4 timeline entries')).toBeTruthy();
    const evidence = within(d).getByRole('list', { name: 'Evidence' });
    expect(
      within(evidence)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual([
      'Send as evidence: Progress: Open → In Progress',
      'Send as evidence: Contact attempt: Call, disconnected or wrong number',
      'Send as evidence: Disconnected tone.',
      'Send as evidence: Contact attempt: Email bounced',
    ]);
    fireEvent.click(
      within(evidence).getByLabelText('Send as evidence: Contact attempt: Email bounced'),
    );
    expect(within(d).getByText('Evidence: 3 of 4 timeline entries')).toBeTruthy();
    await reason(d, 'Disconnected or wrong number');
    api.post.mockResolvedValue(returnOf(7, { reason: 'wrongNumber' }));
    fireEvent.click(within(d).getByRole('button', { name: 'Request return' }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/api/acquired/7/return', {
        reason: 'wrongNumber',
        evidence: ['event:3', 'event:4', 'note:9'],
      }),
    );
  });

  it('follows the timeline live while open: a colleague’s new entry is included', async () => {
    const at = new Date().toISOString();
    const first = pipelineOf(7, {
      version: 1,
      notes: [{ id: 1, author: 'producer', at, text: 'No answer.' }],
    });
    const { api, socket } = open({ [PATH]: first });
    await progress();
    goLive(socket);
    const d = await dialog();
    expect(within(d).getByText('Evidence: 1 of 1 timeline entry')).toBeTruthy();
    const colleague = pipelineOnly(
      pipelineOf(7, {
        version: 2,
        notes: first.notes,
        // At the same time as the note: a save's event comes before its note.
        events: [{ id: 2, kind: 'contact', at, by: 'agencyadmin', contact: 'emailBounced' }],
      }),
    );
    pushChange(socket, 2, { pipeline: colleague });
    expect(await within(d).findByText('Evidence: 2 of 2 timeline entries')).toBeTruthy();
    await reason(d, 'Duplicate');
    api.post.mockResolvedValue(returnOf(7));
    fireEvent.click(within(d).getByRole('button', { name: 'Request return' }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/api/acquired/7/return', {
        reason: 'duplicate',
        evidence: ['event:2', 'note:1'],
      }),
    );
  });

  it('says what the send button waits for, and what to do with an empty timeline', async () => {
    open({ [PATH]: pipelineOf(7) });
    const d = await dialog();
    expect(within(d).getByText('Choose a reason to send the request.')).toBeTruthy();
    expect(within(d).getByText(/^Nothing is recorded on this referral yet\./)).toBeTruthy();
  });
});

describe('the pipeline form explains itself', () => {
  it('counts the note and stops it at 2,000 characters', async () => {
    open({ [PATH]: pipelineOf(7, { version: 1 }) });
    await progress();
    expect(screen.getByText('0 / 2,000')).toBeTruthy();
    const note = screen.getByLabelText<HTMLTextAreaElement>('Add note');
    fireEvent.change(note, { target: { value: 'x'.repeat(5000) } });
    expect(note.value).toHaveLength(2000);
    expect(note.maxLength).toBe(2000);
    expect(screen.getByText('2,000 / 2,000')).toBeTruthy();
  });

  it('warns of a follow-up day in the past, and still saves it', async () => {
    const { api } = open({ [PATH]: pipelineOf(7, { version: 1 }) });
    await progress();
    fireEvent.change(screen.getByLabelText('Follow-up'), { target: { value: '2020-03-02' } });
    expect(screen.getByText(PAST_FOLLOW_UP)).toBeTruthy();
    api.put.mockResolvedValue(pipelineOf(7, { version: 2, followUpOn: '2020-03-02' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith(
        PATH,
        expect.objectContaining({ followUpOn: '2020-03-02' }),
      ),
    );
    // A day still to come says nothing.
    fireEvent.change(screen.getByLabelText('Follow-up'), { target: { value: '2999-01-01' } });
    expect(screen.queryByText(PAST_FOLLOW_UP)).toBeNull();
  });

  it('confirms a save', async () => {
    const { api } = open({ [PATH]: pipelineOf(7, { version: 1 }) });
    await progress();
    api.put.mockResolvedValue(pipelineOf(7, { version: 2, status: 'Quote Sent' }));
    await choose('Quote Sent');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(PIPELINE_TOASTS.saved.message)).toBeTruthy();
  });

  it('keeps the typed note when a save is refused, in words and not as a code', async () => {
    const { api } = open({ [PATH]: pipelineOf(7, { version: 3 }) });
    await progress();
    const words = 'Note must be at most 2,000 characters.';
    api.put.mockRejectedValueOnce(new ApiError(400, words, [words]));
    fireEvent.change(screen.getByLabelText('Add note'), { target: { value: 'Called twice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(words)).not.toHaveLength(0);
    expect(screen.queryByText(/invalid body|: Note/)).toBeNull();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Add note').value).toBe('Called twice');

    // A colleague saved first: their state shows, the note being typed stays.
    api.put.mockImplementation(() => {
      api.get.mockImplementation((path: string) =>
        Promise.resolve(
          path === PATH ? pipelineOf(7, { version: 4, status: 'Quote Sent' }) : bought,
        ),
      );
      return Promise.reject(
        new ApiError(409, 'Someone in your agency changed this referral first.'),
      );
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await progress()).textContent).toBe('Quote Sent'));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Add note').value).toBe('Called twice');
  });

  it('says a 415 in plain words', async () => {
    const { api } = open({ [PATH]: pipelineOf(7, { version: 3 }) });
    await progress();
    api.put.mockRejectedValueOnce(new ApiError(415, 'The body must be sent as JSON.'));
    fireEvent.change(screen.getByLabelText('Add note'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findAllByText(
        'The server could not read what the console sent. Reload the page and try again.',
      ),
    ).not.toHaveLength(0);
  });
});
