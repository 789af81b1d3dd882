import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The relay serves /api and /socket.io; in dev the Vite server forwards both to it.
const RELAY = 'http://localhost:8080';

/** Vite build of the console; shared resolves to its TypeScript sources (no build needed). */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@referrals/source', ...defaultClientConditions] },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: RELAY, changeOrigin: false },
      '/socket.io': { target: RELAY, ws: true, changeOrigin: false },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
});
