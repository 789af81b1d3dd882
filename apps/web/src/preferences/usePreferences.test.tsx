import type { ReactNode } from 'react';
import { act, renderHook as render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES, type UserPreferences } from '@referrals/shared';
import { ApiError } from '../api/ApiError';
import type { ApiClient } from '../api/apiClient';
import { createQueryClient } from '../api/queryClient';
import { cacheKey, readCachedPreferences } from './preferencesCache';
import { PREFERENCES_PATH, usePreferencesState } from './usePreferences';

const dark: UserPreferences = { alerts: { enabled: false, sound: false }, theme: 'dark' };
const alerting: UserPreferences = { alerts: { enabled: true, sound: true }, theme: 'dark' };

/** An API client whose answers the test releases by hand. */
const controlledApi = () => {
  const gets: ((v: unknown) => void)[] = [];
  const puts: { body: unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const get = vi.fn(() => new Promise((resolve) => gets.push(resolve)));
  const api: Record<string, unknown> = {
    get,
    put: vi.fn(
      (_path: string, body: unknown) =>
        new Promise((resolve, reject) => puts.push({ body, resolve, reject })),
    ),
    post: vi.fn(),
    getImage: vi.fn(),
  };
  // A signal-bound client is the fake itself.
  api.withSignal = () => api;
  return { api: api as unknown as ApiClient, get, gets, puts };
};

/** Renders the hook inside a fresh query cache whose failed reads fail at once. */
const renderHook = <T,>(hook: () => T) => {
  const client = createQueryClient({ retry: false });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return render(hook, { wrapper });
};

/** Saves, and lets the request go out: the save's mutation sends it a microtask after the call. */
const saveNow = (save: (next: UserPreferences) => void, next: UserPreferences) =>
  act(async () => {
    save(next);
    await Promise.resolve();
  });

beforeEach(() => localStorage.clear());

describe('usePreferencesState', () => {
  it('shows the cached copy at once, then the server’s answer, and caches it per user', async () => {
    localStorage.setItem(cacheKey('producer'), JSON.stringify(dark));
    const { api, get, gets } = controlledApi();
    const { result } = renderHook(() => usePreferencesState(api, 'producer'));
    expect(result.current.preferences).toEqual(dark);
    expect(result.current.loaded).toBe(false);
    expect(get).toHaveBeenCalledWith(PREFERENCES_PATH);
    act(() => gets[0]?.(alerting));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.preferences).toEqual(alerting);
    expect(readCachedPreferences('producer')).toEqual(alerting);
    expect(readCachedPreferences('carrier')).toEqual(DEFAULT_PREFERENCES);
  });

  it('saves optimistically and keeps the value the server confirms', async () => {
    const { api, gets, puts } = controlledApi();
    const { result } = renderHook(() => usePreferencesState(api, 'producer'));
    act(() => gets[0]?.(DEFAULT_PREFERENCES));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    await saveNow(result.current.save, alerting);
    expect(result.current.preferences).toEqual(alerting);
    expect(puts[0]?.body).toEqual(alerting);
    act(() => puts[0]?.resolve(alerting));
    await waitFor(() => expect(readCachedPreferences('producer')).toEqual(alerting));
    expect(result.current.error).toBeNull();
  });

  it('rolls back to the confirmed value and says why when a save fails', async () => {
    const { api, gets, puts } = controlledApi();
    const { result } = renderHook(() => usePreferencesState(api, 'producer'));
    act(() => gets[0]?.(dark));
    await waitFor(() => expect(result.current.preferences).toEqual(dark));
    await saveNow(result.current.save, alerting);
    expect(result.current.preferences).toEqual(alerting);
    act(() => puts[0]?.reject(new ApiError(503, 'temporarily unavailable; try again shortly')));
    await waitFor(() => expect(result.current.preferences).toEqual(dark));
    expect(result.current.error).toBe(
      'Your preferences could not be saved: temporarily unavailable; try again shortly.',
    );
    expect(readCachedPreferences('producer')).toEqual(dark);
    act(() => result.current.dismissError());
    expect(result.current.error).toBeNull();
  });

  it('lets only the latest of two quick saves roll back', async () => {
    const { api, gets, puts } = controlledApi();
    const { result } = renderHook(() => usePreferencesState(api, 'producer'));
    act(() => gets[0]?.(DEFAULT_PREFERENCES));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    await saveNow(result.current.save, dark);
    await saveNow(result.current.save, alerting);
    act(() => puts[0]?.reject(new ApiError(500, 'internal error')));
    await Promise.resolve();
    expect(result.current.preferences).toEqual(alerting);
    expect(result.current.error).toBeNull();
  });
});
