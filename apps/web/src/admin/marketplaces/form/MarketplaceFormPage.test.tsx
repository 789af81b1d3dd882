import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@referrals/shared';
import { ApiError } from '../../../api/ApiError';
import { fakeAuth, renderWith, sessionOf } from '../../../app/services.testkit';
import { aMarketplace, asClient, fakeAdminApi } from '../../testing/adminApi.testkit';
import { MarketplaceFormPage } from './MarketplaceFormPage';

const saved = aMarketplace(7, 'Lone Star', {
  deliveryApiUrl: 'https://api.example.com/leads',
  deliveryApiKey: 'secret',
});
const agency = {
  fulcrumId: 12,
  name: 'Gulf Coast Agency',
  address: { region: 'Texas', regionCode: 'TX', zipCode: '77001', street: null, city: 'Houston' },
  contact: { name: 'Ann', email: 'ann@gulf.example', phone: '+15125550100' },
};

const relay = (extra: Record<string, unknown> = {}) =>
  fakeAdminApi({
    'GET /api/sources': [{ sourceName: 'web' }, { sourceName: 'direct-call' }],
    [`GET /api/bank-holidays/${new Date().getFullYear()}`]: [],
    'GET /api/naics-codes': [],
    'GET /api/marketplaces/7': saved,
    'POST /api/marketplaces': { ...saved, id: 8 },
    'PUT /api/marketplaces/7': saved,
    'GET /api/agencies/12': agency,
    'GET /api/agencies/12/users': [],
    ...extra,
  });

const open = (url: string, api: ReturnType<typeof relay>) =>
  renderWith(
    <Routes>
      <Route path="/admin/marketplaces/:marketplaceId" element={<MarketplaceFormPage />} />
      <Route path="/admin/marketplaces" element={<h1>List screen</h1>} />
    </Routes>,
    { api: asClient(api), url, auth: fakeAuth(sessionOf(Role.CONSOLE_ADMIN, 'admin')) },
  );

// A field's own message (the list beside Save repeats it as a link).
const HELPER = { selector: 'p' };
const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name });
const numberBox = (name: RegExp | string) => screen.getByRole('spinbutton', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save Marketplace' });
const loaded = () =>
  waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull());

afterEach(() => {
  vi.useRealTimers();
});

describe('marketplace form', () => {
  it('shows the schema messages for a blank name, a short phone and a too negative percent', async () => {
    open('/admin/marketplaces/new', relay());
    expect(await screen.findByRole('heading', { name: 'Marketplace: Creation' })).toBeTruthy();
    await loaded();
    fireEvent.change(textbox(/Marketplace Name/), { target: { value: 'x' } });
    fireEvent.change(textbox(/Marketplace Name/), { target: { value: ' ' } });
    fireEvent.change(textbox(/Phone Number/), { target: { value: '512555' } });
    fireEvent.change(numberBox('Percent Modifier'), { target: { value: '-150' } });
    expect(await screen.findByText('Please provide marketplace name', HELPER)).toBeTruthy();
    expect(await screen.findByText('Please provide a valid phone number', HELPER)).toBeTruthy();
    expect(
      await screen.findByText('The negative percent modifier cannot exceed abs(-100)%.', HELPER),
    ).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
  });

  it('looks the agency up once, a second after the last keystroke, and fills the form from it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = relay();
    open('/admin/marketplaces/new', api);
    await loaded();
    fireEvent.change(numberBox('Agency ID'), { target: { value: '1' } });
    fireEvent.change(numberBox('Agency ID'), { target: { value: '12' } });
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(api.get).not.toHaveBeenCalledWith('/api/agencies/12');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() =>
      expect(textbox(/Marketplace Name/)).toHaveProperty('value', 'Gulf Coast Agency'),
    );
    // The agency itself (its users are read after it is found).
    expect(api.get.mock.calls.filter(([p]) => /^\/api\/agencies\/\d+$/.test(p))).toEqual([
      ['/api/agencies/12'],
    ]);
    expect(textbox(/Phone Number/)).toHaveProperty('value', '5125550100');
    expect(screen.getByRole('checkbox', { name: 'Is Premier Partner' })).toBeTruthy();
  });

  it('says when no agency matches the id and clears the filled fields', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    open('/admin/marketplaces/new', relay({ 'GET /api/agencies/99': null }));
    await loaded();
    fireEvent.change(textbox(/Marketplace Name/), { target: { value: 'Typed' } });
    fireEvent.change(numberBox('Agency ID'), { target: { value: '99' } });
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(
      await screen.findByText('No agency found matching the provided agency ID', HELPER),
    ).toBeTruthy();
    expect(textbox(/Marketplace Name/)).toHaveProperty('value', '');
  });

  it('creates a new marketplace with POST and goes to the list', async () => {
    const api = relay();
    open('/admin/marketplaces/new', api);
    await loaded();
    fireEvent.change(textbox(/Marketplace Name/), { target: { value: 'Brand New' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'web' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Texas' }));
    fireEvent.change(textbox('URL'), { target: { value: 'https://api.example.com/x' } });
    fireEvent.change(textbox('API key'), { target: { value: 'k' } });
    expect(screen.getByRole('checkbox', { name: 'direct-call' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    fireEvent.click(saveButton());
    expect(await screen.findByRole('heading', { name: 'List screen' })).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
    const [path, body] = api.post.mock.calls[0] ?? [];
    expect(path).toBe('/api/marketplaces');
    expect(body).toMatchObject({ marketplaceName: 'Brand New', priceModifier: 1, enabled: false });
    expect(body).not.toHaveProperty('id');
    expect(
      (body as { riskAppetite: { stateCodes: string[]; excludedSources: string[] } }).riskAppetite,
    ).toMatchObject({
      stateCodes: ['TX'],
      excludedSources: ['direct-call'],
    });
  });

  it('updates an existing marketplace with PUT and its version, reloads it and stays', async () => {
    const api = relay();
    open('/admin/marketplaces/7', api);
    expect(await screen.findByRole('heading', { name: 'Marketplace: Lone Star' })).toBeTruthy();
    await loaded();
    expect(document.title).toBe('Lone Star Marketplace | Fulcrum');
    expect(saveButton()).toHaveProperty('disabled', true);
    fireEvent.change(textbox(/Marketplace Name/), { target: { value: 'Lone Star Two' } });
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put).toHaveBeenCalledWith('/api/marketplaces/7', {
      version: 'v7',
      marketplace: expect.objectContaining({ id: 7, marketplaceName: 'Lone Star Two' }) as unknown,
    });
    expect(
      await screen.findByText('Updates to marketplace Lone Star Two has been saved successfully'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(api.get.mock.calls.filter(([p]) => p === '/api/marketplaces/7')).toHaveLength(2),
    );
    expect(api.post).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Marketplace: Lone Star' })).toBeTruthy();
  });

  it('refuses to overwrite a marketplace someone else saved and offers to reload', async () => {
    const api = relay({
      'PUT /api/marketplaces/7': () => {
        throw new ApiError(409, 'This marketplace was changed by someone else.');
      },
    });
    open('/admin/marketplaces/7', api);
    await screen.findByRole('heading', { name: 'Marketplace: Lone Star' });
    await loaded();
    fireEvent.change(textbox(/Marketplace Name/), { target: { value: 'Mine' } });
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    fireEvent.click(saveButton());
    const alert = (await screen.findByText(/This marketplace was changed by someone else/)).closest(
      '[role="alert"]',
    );
    expect(within(alert as HTMLElement).getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(await screen.findByText(/Failed to update marketplace Mine/)).toBeTruthy();
    expect(api.put).toHaveBeenCalledTimes(1);
  });
});
