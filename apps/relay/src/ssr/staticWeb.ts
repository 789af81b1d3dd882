/**
 * The web app's static files, robots.txt, sitemap.xml and the root redirect. Invariant: only
 * content-hashed assets are cached as immutable; every other file is revalidated on each visit.
 */
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { ROUTES } from '@referrals/shared';

/** Vite's output folder of content-hashed files: a changed file gets a new name. */
const HASHED_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The public feed is the only page meant for search engines; the console is behind a login. */
const robots = (origin: string) =>
  [
    'User-agent: *',
    `Allow: /${ROUTES.publicReferrals}`,
    `Disallow: /${ROUTES.admin}`,
    'Disallow: /api/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

const sitemap = (origin: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
  `<url><loc>${origin}/${ROUTES.publicReferrals}</loc><changefreq>always</changefreq></url>` +
  '</urlset>\n';

const origin = (req: Request) => `${req.protocol}://${req.host}`;

/**
 * The web app's files: hashed assets cached for a year (their name changes with their content),
 * every other file revalidated on each visit, so a deploy shows at once. Also the crawlers'
 * /robots.txt and /sitemap.xml, and / answered with a permanent redirect to the public feed
 * (one server hop, not a client-side one after the app has booted).
 */
export function staticWeb(webDist: string): Router {
  const router = express.Router();
  router.get('/robots.txt', (req: Request, res: Response) => {
    res
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=3600')
      .send(robots(origin(req)));
  });
  router.get('/sitemap.xml', (req: Request, res: Response) => {
    res
      .type('application/xml')
      .set('Cache-Control', 'public, max-age=3600')
      .send(sitemap(origin(req)));
  });
  router.get('/', (req: Request, res: Response) => {
    const query = req.originalUrl.indexOf('?');
    res.redirect(308, `/${ROUTES.publicReferrals}${query < 0 ? '' : req.originalUrl.slice(query)}`);
  });
  router.use(
    express.static(webDist, {
      index: false,
      setHeaders: (res, file) => {
        const hashed = path.relative(webDist, file).split(path.sep)[0] === HASHED_DIR;
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
      },
    }),
  );
  // A hashed file that is not there (a page of an older build asking for its scripts) is a 404,
  // never the app's HTML in its place: a browser would refuse that as a script and show nothing.
  router.use(`/${HASHED_DIR}`, (_req: Request, res: Response) => {
    res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
  });
  return router;
}
