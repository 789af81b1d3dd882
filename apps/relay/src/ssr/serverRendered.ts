/**
 * The express side of the public feed's server render: starting the renderer and answering the
 * GET. Invariant: a visitor never gets an error page from it; without a document the app shell
 * is served.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { STATE_QUERY_PARAM } from '@referrals/shared';
import type { RelayConfig } from '../config.js';
import { logger } from '../log.js';
import type { ReadModel } from '../readModel/api.js';
import { COLOUR_SCHEME_HINT, isMobile, MOBILE_HINT, publicFeedHtml } from './publicFeedHtml.js';
import { createSsrRenderer, type SsrRenderer } from './ssrRenderer.js';

const log = logger('ssr');

/**
 * The renderer of the web app's server build, or null (logged) when it is turned off or not
 * built: the public feed is then rendered in the browser, as every other page is.
 */
export function startSsr(config: Pick<RelayConfig, 'webDist' | 'webSsrEntry'>): SsrRenderer | null {
  const entry = config.webSsrEntry;
  if (entry === null) return null;
  const index = path.join(config.webDist, 'index.html');
  if (!existsSync(entry) || !existsSync(index)) {
    log.info(`no server render at ${entry}: the public feed is rendered in the browser`);
    return null;
  }
  const renderer = createSsrRenderer(entry, readFileSync(index, 'utf8'));
  // Loads the build in the worker now, not on the first visitor's request.
  void renderer
    .firstQuery('/')
    .catch((err: unknown) => log.warn({ err }, 'server render failed to load'));
  return renderer;
}

/**
 * GET of the public feed: the server-rendered document, or on to the next handler (the app
 * shell) when there is none for the request. Never an error page: a failure is the shell.
 */
export function serverRendered(renderer: SsrRenderer, readModel: ReadModel) {
  const documentFor = publicFeedHtml({ renderer, readModel });
  return (req: Request, res: Response, next: NextFunction) => {
    // The first value, as the page's URLSearchParams reads it.
    const state = new URLSearchParams(req.originalUrl.split('?')[1] ?? '').get(STATE_QUERY_PARAM);
    documentFor({
      host: req.host,
      state: state ?? undefined,
      colourScheme: req.get(COLOUR_SCHEME_HINT),
      mobile: isMobile(req.get(MOBILE_HINT), req.get('user-agent')),
    }).then(
      (html) => {
        if (html === null) return next();
        // The browser tells its colour scheme from its next request on (Accept-CH), so later
        // visits are rendered in it. Not Critical-CH: that fetches every first visit twice, a
        // round trip before the first paint; a first visit in dark mode renders light and turns
        // dark once hydrated. A phone gets the narrow layout.
        res.set({
          'Accept-CH': COLOUR_SCHEME_HINT,
          Vary: `${COLOUR_SCHEME_HINT}, ${MOBILE_HINT}, User-Agent`,
          'Cache-Control': 'no-cache',
        });
        res.type('html').send(html);
      },
      () => next(),
    );
  };
}
