import { isStateCode, stateName } from '@referrals/shared';
import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import type { SimContext } from '../context.js';
import { hashSeed } from '../generator/prng.js';
import { PLACES, type Place } from '../generator/places.js';
import { streetViewPng } from '../generator/streetView.js';
import { notFound, queryText } from './http.js';
import { Routes } from './table.js';

/**
 * The geo-location answer (the spec leaves it unshown): where the caller's IP address is.
 * `state` is a two-letter code; `stateName` is null for a code that is not one of the 51.
 */
export interface GeoLocation {
  readonly ip: string;
  readonly country: string;
  readonly state: string;
  readonly stateName: string | null;
  readonly city: string | null;
  readonly postalCode: string | null;
}

const AUSTIN: Place = PLACES.map(([p]) => p).find((p) => p.city === 'Austin') as Place;
const LOCAL =
  /^(::1|127\.|::ffff:127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::ffff:(10|192\.168)\.)/;
const MAX_IMAGES = 500;

/** Override by query or header, so tests can place a caller anywhere, even somewhere unknown. */
const override = (req: Request, name: string): string | undefined =>
  queryText(req, name) ?? req.get(`x-sim-geo-${name}`)?.trim() ?? undefined;

/** Private and loopback addresses sit in Austin, TX; others map to a place by a hash of the address. */
function locate(req: Request): GeoLocation {
  const ip = queryText(req, 'ip') ?? req.ip ?? '127.0.0.1';
  const place = LOCAL.test(ip) ? AUSTIN : (PLACES[hashSeed(ip) % PLACES.length]?.[0] ?? AUSTIN);
  const state = override(req, 'state')?.toUpperCase() ?? place.state;
  const moved = state !== place.state;
  return {
    ip,
    country: override(req, 'country')?.toUpperCase() ?? 'US',
    state,
    stateName: isStateCode(state) ? (stateName(state) ?? null) : null,
    city: override(req, 'city') ?? (moved ? null : place.city),
    postalCode: moved ? null : place.postalCode,
  };
}

/** Geo-location and the street-view image. */
export function geoRoutes(ctx: SimContext): Routes {
  const routes = new Routes(ctx.table);
  // The most recently asked pictures, drawn again when evicted (each is a pure function of its id).
  const images = new LRUCache<string, Buffer>({ max: MAX_IMAGES });
  routes.get('/api/v1/geo-location', (req, res) => {
    res.json(locate(req));
  });
  routes.get('/api/v1/street-view/:searchId', (req, res) => {
    const searchId = req.params.searchId as string;
    if (ctx.market.state.referrals.bySearch(searchId) === undefined)
      throw notFound(`Street view ${searchId}`);
    let png = images.get(searchId);
    if (png === undefined) {
      png = streetViewPng(searchId);
      images.set(searchId, png);
    }
    res.type('image/png').set('cache-control', 'public, max-age=86400').send(png);
  });
  return routes;
}
