import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** A route of the console and the lazily loaded modules (chunk name stems) it needs. */
export interface RouteChunks {
  readonly name: string;
  readonly path: string;
  readonly lazy: readonly string[];
}

/** The routes measured; chunk stems follow the lazy imports of apps/web/src/app/AppRoutes.tsx. */
export const ROUTE_CHUNKS: readonly RouteChunks[] = [
  { name: 'public feed', path: '/public-referrals', lazy: ['PublicFeedPage'] },
  { name: 'referral list', path: '/admin/all-referrals', lazy: ['AdminShell', 'AdminScreens'] },
  {
    name: 'admin (marketplaces)',
    path: '/admin/marketplaces',
    lazy: ['AdminShell', 'AdminScreens', 'MarketplacesPage'],
  },
];

const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["']\.\/([\w.-]+\.js)["']/g;

/** The JavaScript files a route loads and their gzip sizes, from the built assets. */
export interface RouteSize {
  readonly name: string;
  readonly files: readonly string[];
  readonly rawBytes: number;
  readonly gzipBytes: number;
  readonly missing: readonly string[];
}

/**
 * Walks the static imports of the built chunks (vite writes no manifest here): a route loads the
 * entry of index.html with its static imports, plus each of its lazy chunks with theirs.
 */
export function routeSizes(dist: string): RouteSize[] | null {
  const index = path.join(dist, 'index.html');
  const assets = path.join(dist, 'assets');
  if (!existsSync(index) || !existsSync(assets)) return null;
  const html = readFileSync(index, 'utf8');
  const js = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const entries = [...html.matchAll(/(?:src|href)="\/assets\/([\w.-]+\.js)"/g)].map(
    (m) => m[1] ?? '',
  );
  const closure = (roots: readonly string[]) => {
    const seen = new Set<string>();
    const todo = [...roots];
    for (let guard = 0; todo.length > 0 && guard < 10_000; guard += 1) {
      const f = todo.pop() ?? '';
      if (seen.has(f) || !js.includes(f)) continue;
      seen.add(f);
      const text = readFileSync(path.join(assets, f), 'utf8');
      for (const m of text.matchAll(STATIC_IMPORT)) todo.push(m[1] ?? '');
    }
    return seen;
  };
  return ROUTE_CHUNKS.map((r) => {
    const lazy = r.lazy.map((stem) => js.find((f) => f.startsWith(`${stem}-`)));
    const files = [
      ...closure([...entries, ...lazy.filter((f): f is string => f !== undefined)]),
    ].sort();
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const f of files) {
      const buf = readFileSync(path.join(assets, f));
      rawBytes += buf.length;
      gzipBytes += gzipSync(buf).length;
    }
    const missing = r.lazy.filter((_, i) => lazy[i] === undefined);
    return { name: r.name, files, rawBytes, gzipBytes, missing };
  });
}
