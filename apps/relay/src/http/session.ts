/**
 * What a browser session needs: the sign-in config, the user's profile, geo-location, the
 * street-view image.
 * Invariant: nothing secret reaches the browser (the public config holds no secret, the image is
 * fetched with the relay's credentials and only an image is passed on).
 */
import { API } from '@referrals/shared';
import { fail, ok, principalOf, upstreamFailure, type Route } from './api.js';
import type { GatewayDeps } from './deps.js';
import type { RelayConfig } from '../config.js';

/** What the browser needs to sign in: the realm's public address and the client id, no secret. */
export interface PublicConfig {
  readonly oidcUrl: string;
  readonly realm: string;
  readonly clientId: string;
}

/** Session routes: the browser config, the user's profile, geo-location, the street-view image. */
export function sessionRoutes(
  d: GatewayDeps,
  config: Pick<
    RelayConfig,
    | 'oidcPublicUrl'
    | 'oidcRealm'
    | 'oidcClientId'
    | 'opportunityUrl'
    | 'upstreamTimeoutMs'
    | 'upstreamBasicUser'
  >,
): Route[] {
  const publicConfig: PublicConfig = {
    oidcUrl: config.oidcPublicUrl,
    realm: config.oidcRealm,
    clientId: config.oidcClientId,
  };
  return [
    {
      ...API.config,
      guard: 'anyone',
      handler: () => Promise.resolve(ok(publicConfig)),
    },
    {
      ...API.me,
      guard: 'signedIn',
      handler: async (req) => {
        const p = principalOf(req);
        const profile = await d.profiles.resolve(p);
        const { roles, ...access } = p.access;
        return ok({ ...profile, email: p.email, roles: [...roles], access });
      },
    },
    {
      ...API.geoLocation,
      guard: 'anyone',
      handler: async (req) => {
        try {
          return ok(await d.upstream.geoLocation(req.clientIp));
        } catch (err) {
          // Geo-location is a hint: its failure falls back to the URL state (agent-console §8).
          return upstreamFailure(err, 'geo-location');
        }
      },
    },
    {
      ...API.streetView,
      guard: 'signedIn',
      handler: async (req) => {
        const searchId = req.params.searchId ?? '';
        if (!/^[\w-]{1,64}$/.test(searchId)) return fail(400, 'invalid searchId');
        const res = await fetch(`${config.opportunityUrl}/api/v1/street-view/${searchId}`, {
          headers: {
            authorization: `Basic ${Buffer.from(`${config.upstreamBasicUser}:`).toString('base64')}`,
          },
          signal: AbortSignal.timeout(config.upstreamTimeoutMs),
        }).catch(() => null);
        if (!res) return fail(502, 'street view: the upstream service is unavailable');
        if (res.status === 404) return fail(404, 'no street view for this referral');
        const type = res.headers.get('content-type') ?? '';
        if (!res.ok || !type.startsWith('image/'))
          return fail(502, 'street view: the upstream answer was not an image');
        const bytes = Buffer.from(await res.arrayBuffer());
        if (bytes.length > 2 * 1024 * 1024) return fail(502, 'street view: the image is too large');
        return { status: 200, bytes, contentType: type };
      },
    },
  ];
}
