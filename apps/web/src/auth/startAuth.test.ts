import { afterEach, describe, expect, it, vi } from 'vitest';
import { needsSignInAtStart, startAuth } from './startAuth';

describe('keycloak-js at start', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is needed on admin screens and on a login callback, wherever it lands', () => {
    expect(needsSignInAtStart('/admin/all-referrals', '', '')).toBe(true);
    expect(needsSignInAtStart('/admin', '', '')).toBe(true);
    expect(needsSignInAtStart('/public-referrals', '', '#state=abc&session_state=x&code=123')).toBe(
      true,
    );
    expect(needsSignInAtStart('/', '?code=1&state=2', '')).toBe(true);
    expect(needsSignInAtStart('/public-referrals', '', '#state=abc&error=login_required')).toBe(
      true,
    );
  });

  it('is not needed on the public feed or the paths that redirect to it', () => {
    expect(needsSignInAtStart('/public-referrals', '?state=TX', '')).toBe(false);
    expect(needsSignInAtStart('/', '', '')).toBe(false);
    expect(needsSignInAtStart('/administrator', '', '')).toBe(false);
  });

  it('starts the public feed anonymous without asking for the sign-in config', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('not expected')));
    vi.stubGlobal('fetch', fetchSpy);
    const auth = await startAuth({ pathname: '/public-referrals', search: '?state=TX', hash: '' });
    expect(auth.session).toBeNull();
    expect(await auth.token()).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks for the sign-in config on an admin screen, and stays anonymous when it fails', async () => {
    const fetchSpy = vi.fn(() => Promise.resolve(new Response('', { status: 503 })));
    vi.stubGlobal('fetch', fetchSpy);
    const auth = await startAuth({ pathname: '/admin/all-referrals', search: '', hash: '' });
    expect(fetchSpy).toHaveBeenCalledWith('/api/config', expect.anything());
    expect(auth.session).toBeNull();
  });

  it("says 'realm missing' when the config names no realm, and stays anonymous", async () => {
    const config = { oidcUrl: 'http://realm.invalid', realm: '', clientId: 'console' };
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json(config)));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const auth = await startAuth({ pathname: '/admin/all-referrals', search: '', hash: '' });
    expect(auth.session).toBeNull();
    const logged = error.mock.calls.flat().map((a) => (a instanceof Error ? a.message : String(a)));
    expect(logged).toContain('realm missing');
    error.mockRestore();
  });
});
