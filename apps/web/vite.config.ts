import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

// The relay serves /api and /socket.io; in dev the Vite server forwards both to it.
const RELAY = 'http://localhost:8080';

/**
 * Vite build of the console; shared resolves to its TypeScript sources (no build needed). The
 * server render's build (`--ssr src/entry-server.tsx`) bundles every dependency, so the relay
 * loads one self-contained folder (`dist-ssr`) without resolving the web app's packages.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
}));
