import { Writable } from 'node:stream';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { brandForHost, publicFeedTitle } from '@referrals/shared';
import { createApiClient } from './api/apiClient';
import { createQueryClient } from './api/queryClient';
import { AppProviders } from './app/AppProviders';
import { ROUTE_TABLE } from './app/AppRoutes';
import { BrandContext } from './app/BrandContext';
import { anonymousAuth } from './auth/Auth';
import { LiveClient } from './live/LiveClient';
import type { LiveSocket } from './live/LiveSocket';
import { publicFeedFirstQuery } from './public/publicFeedRead';
import { RenderBasisProvider } from './ssr/renderBasis';
import { seedPublicFeed, ssrDataElement, type SsrData } from './ssr/ssrData';

/** What the relay renders a public feed page from. */
export interface PublicFeedRender extends SsrData {
  /** Path and query of the page, e.g. '/public-referrals?state=CA'. */
  readonly url: string;
  /** The page's host, which picks the brand (as `location.host` does in the browser). */
  readonly host: string;
}

/** A socket that never connects: a server render shows the state before the first connect. */
const offlineSocket: LiveSocket = {
  on: () => undefined,
  emit: () => undefined,
  onConnection: () => undefined,
  close: () => undefined,
};

/** Screens read in effects, which a server render never runs; a read would be a bug. */
const noRequests = () => Promise.reject(new Error('no requests during a server render'));

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const textOf = (stream: NodeJS.ReadableStream): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = '';
    stream.pipe(
      new Writable({
        write(chunk: Buffer, _enc, done) {
          text += chunk.toString('utf8');
          done();
        },
        final(done) {
          resolve(text);
          done();
        },
      }),
    );
    stream.on('error', reject);
  });

/**
 * The public feed rendered into the app's `index.html` (`template`): the first page's rows in
 * `#root`, emotion's critical CSS in the head (rows styled before any script runs), and the
 * data the browser hydrates with (`ssr-data`), which seeds its query cache. The tree is the one
 * the browser hydrates (`App`): the same providers and the same data router's route table.
 */
export const renderPublicFeed = async (template: string, r: PublicFeedRender): Promise<string> => {
  const origin = 'http://ssr.invalid';
  const params = publicFeedFirstQuery(new URL(r.url, origin));
  if (!params) throw new Error(`not a public feed page with a first query: ${r.url}`);
  const queryClient = createQueryClient();
  const data: SsrData = { basis: r.basis, page: r.page };
  seedPublicFeed(queryClient, params, data);
  const handler = createStaticHandler(ROUTE_TABLE);
  const context = await handler.query(new Request(new URL(r.url, origin)));
  if (context instanceof Response) throw new Error(`the route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const services = {
    auth: anonymousAuth(),
    api: createApiClient(() => Promise.resolve(null), noRequests),
    live: new LiveClient(offlineSocket, () => Promise.resolve(null)),
  };
  const brand = brandForHost(r.host);
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <BrandContext.Provider value={brand}>
        <RenderBasisProvider basis={r.basis}>
          <AppProviders services={services} queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </RenderBasisProvider>
      </BrandContext.Provider>
    </CacheProvider>,
  );
  const html = await textOf(prelude);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  queryClient.clear();
  // Replacer functions: the markup may hold '$', which a replacement string would read.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(publicFeedTitle(brand))}</title>`)
    .replace('</head>', () => `${styles}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div>${ssrDataElement(data)}`);
};

/** The relay asks the feed's first query of a URL before it reads the page to render. */
export { publicFeedFirstQuery } from './public/publicFeedRead';
