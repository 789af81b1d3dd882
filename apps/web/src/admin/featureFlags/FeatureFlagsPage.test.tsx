import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Role, type FeatureFlag } from '@referrals/shared';
import { ApiError } from '../../api/ApiError';
import { fakeAuth, renderWith, sessionOf } from '../../app/services.testkit';
import { asClient, fakeAdminApi } from '../testing/adminApi.testkit';
import { FeatureFlagsPage } from './FeatureFlagsPage';

const beta: FeatureFlag = { id: 1, name: 'beta', description: 'Beta screens', enabled: false };

const show = (routes: Record<string, unknown>) => {
  const api = fakeAdminApi(routes);
  renderWith(<FeatureFlagsPage />, {
    api: asClient(api),
    url: '/admin/feature-flags',
    auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')),
  });
  return api;
};
const flagsAre = (items: FeatureFlag[]) => ({ 'GET /api/feature-flags': { seq: 1, items } });

describe('feature flags screen', () => {
  it('lists the flags by name, whatever order the relay answers them in', async () => {
    const zebra: FeatureFlag = { id: 3, name: 'zebra', description: 'Last', enabled: true };
    const alpha: FeatureFlag = { id: 7, name: 'Alpha', description: 'First', enabled: true };
    show(flagsAre([zebra, beta, alpha]));
    await screen.findByText('beta');
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);
    expect(names).toEqual(['Alpha', 'beta', 'zebra']);
  });

  it('adds a flag: Submit waits for a valid change, errors show once touched, the flag is appended', async () => {
    const created: FeatureFlag = { id: 2, name: 'dark', description: 'Dark theme', enabled: false };
    const api = show({ ...flagsAre([beta]), 'POST /api/feature-flags': created });
    await screen.findByText('beta');
    expect(document.title).toBe('Feature Flags | Fulcrum Edge');
    fireEvent.click(screen.getByRole('button', { name: 'Add feature flag' }));
    const form = screen.getByRole('form', { name: 'Add feature flag' });
    const submit = within(form).getByRole('button', { name: 'Submit' });
    expect(submit).toHaveProperty('disabled', true);

    const name = within(form).getByPlaceholderText('Enter feature flag name');
    fireEvent.change(name, { target: { value: 'x' } });
    fireEvent.change(name, { target: { value: '' } });
    expect(await within(form).findByText('Name is required')).toBeTruthy();
    expect(within(form).queryByText('Description is required')).toBeNull();

    fireEvent.change(name, { target: { value: 'dark' } });
    fireEvent.change(within(form).getByPlaceholderText('Enter feature flag description'), {
      target: { value: 'Dark theme' },
    });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    fireEvent.click(submit);

    expect(await screen.findByText('Feature flag dark created successfully.')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/api/feature-flags', {
      name: 'dark',
      description: 'Dark theme',
      enabled: false,
    });
    expect(screen.getByText('Dark theme')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add feature flag' })).toBeNull();
  });

  it('edits a row inline and saves it, closing the add form on Edit', async () => {
    const api = show({
      ...flagsAre([beta]),
      'PUT /api/feature-flags/1': { ...beta, description: 'New words' },
    });
    await screen.findByText('beta');
    fireEvent.click(screen.getByRole('button', { name: 'Add feature flag' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit beta' }));
    expect(screen.queryByRole('form', { name: 'Add feature flag' })).toBeNull();

    const description = screen.getByRole('textbox', { name: 'Description' });
    fireEvent.change(description, { target: { value: ' ' } });
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.change(description, { target: { value: 'New words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Feature flag beta updated successfully.')).toBeTruthy();
    expect(api.put).toHaveBeenCalledWith('/api/feature-flags/1', {
      ...beta,
      description: 'New words',
    });
    expect(screen.getByText('New words')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Description' })).toBeNull();
  });

  it('saves the Enabled switch at once and reports the server error text on failure', async () => {
    const api = show({
      ...flagsAre([beta]),
      'PUT /api/feature-flags/1': () => {
        throw new ApiError(502, 'upstream failing');
      },
    });
    await screen.findByText('beta');
    fireEvent.click(screen.getByRole('switch', { name: 'Enabled beta' }));
    expect(screen.getByRole('progressbar', { name: 'Saving beta' })).toBeTruthy();
    expect(
      await screen.findByText('Failed to update feature flag beta: upstream failing'),
    ).toBeTruthy();
    expect(api.put).toHaveBeenCalledWith('/api/feature-flags/1', { ...beta, enabled: true });
    expect(screen.getByRole('switch', { name: 'Enabled beta' })).toHaveProperty('checked', false);
  });

  it('shows the empty state with Add First Flag when the list cannot load', async () => {
    show({
      'GET /api/feature-flags': () => {
        throw new ApiError(502, 'down');
      },
    });
    expect(await screen.findByText('No feature flags found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add First Flag' }));
    expect(screen.getByRole('form', { name: 'Add feature flag' })).toBeTruthy();
  });

  it("quotes the server's reason once when a create fails", async () => {
    show({
      ...flagsAre([beta]),
      'POST /api/feature-flags': () => {
        // The relay answers with the upstream's reason alone.
        throw new ApiError(409, 'Feature flag beta already exists.');
      },
    });
    await screen.findByText('Beta screens');
    fireEvent.click(screen.getByRole('button', { name: 'Add feature flag' }));
    const form = screen.getByRole('form', { name: 'Add feature flag' });
    fireEvent.change(within(form).getByPlaceholderText('Enter feature flag name'), {
      target: { value: 'beta' },
    });
    fireEvent.change(within(form).getByPlaceholderText('Enter feature flag description'), {
      target: { value: 'Again' },
    });
    const submit = within(form).getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    fireEvent.click(submit);
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText(/^Failed to create/).textContent).toBe(
      'Failed to create feature flag beta: Feature flag beta already exists.',
    );
  });

  it("quotes the server's reason once when an update fails", async () => {
    show({
      ...flagsAre([beta]),
      'PUT /api/feature-flags/1': () => {
        throw new ApiError(504, 'the upstream service did not answer in time');
      },
    });
    await screen.findByText('beta');
    fireEvent.click(screen.getByRole('switch', { name: 'Enabled beta' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText(/^Failed to update/).textContent).toBe(
      'Failed to update feature flag beta: the upstream service did not answer in time',
    );
  });
});
