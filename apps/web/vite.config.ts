import react from '@vitejs/plugin-react';
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type HtmlTagDescriptor,
  type Plugin,
} from 'vite';

// The relay serves /api and /socket.io; in dev the Vite server forwards both to it.
const RELAY = 'http://localhost:8080';

/**
 * Links the code the entry imports lazily (`src/boot.tsx`, and every chunk it imports) as module
 * preloads in the document's head: the entry waits for the first paint before it evaluates that
 * code (src/main.tsx), and the code is on its way meanwhile. The server render's template is the
 * built index.html, so a rendered feed gets the same links.
 */
/** The module the entry imports once the page has painted. */
const BOOT = /\/src\/boot\.tsx$/;

const modulePreloadOfLazyEntry = (): Plugin => ({
  name: 'module-preload-of-lazy-entry',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const { bundle, chunk } = ctx;
      if (!bundle || !chunk) return [];
      const linked = new Set([chunk.fileName, ...chunk.imports]);
      const files: string[] = [];
      const visit = (fileName: string) => {
        const c = bundle[fileName];
        if (linked.has(fileName) || !c || c.type !== 'chunk') return;
        linked.add(fileName);
        files.push(fileName);
        c.imports.forEach(visit);
      };
      chunk.dynamicImports
        .filter((f) => {
          const c = bundle[f];
          return c?.type === 'chunk' && BOOT.test(c.facadeModuleId ?? '');
        })
        .forEach(visit);
      return files.map((f): HtmlTagDescriptor => ({
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
        injectTo: 'head',
      }));
    },
  },
});

/**
 * Vite build of the console; shared resolves to its TypeScript sources (no build needed). The
 * server render's build (`--ssr src/entry-server.tsx`) bundles every dependency, so the relay
 * loads one self-contained folder (`dist-ssr`) without resolving the web app's packages.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), modulePreloadOfLazyEntry()],
  // Bundled into the server build, React and MUI would pick their development builds at run time.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  resolve: { conditions: ['@referrals/source', ...defaultClientConditions] },
  ssr: {
    noExternal: true,
    resolve: { conditions: ['@referrals/source', ...defaultServerConditions] },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: RELAY, changeOrigin: false },
      '/socket.io': { target: RELAY, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The app's core (src/boot.tsx and all it imports) in one chunk, as when it was the entry:
      // loaded lazily by the entry, it would otherwise be cut into a dozen small shared chunks.
      output: isSsrBuild ? {} : { codeSplitting: { groups: [{ name: 'boot', test: BOOT }] } },
    },
  },
}));
