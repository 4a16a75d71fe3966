import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { homePage } from './home-page-plugin.ts';
import { precompress } from './precompress-plugin.ts';

// In development the API runs on its own port (API_PORT, default 3001) and Vite proxies to it, so the browser
// sees one origin exactly as in production, where the API serves the built SPA itself.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  plugins: [
    react(),
    // The feed's first page as every first visit asks for it (default list settings).
    homePage({ route: 'src/features/discovery/pages/feed-page.tsx', fetches: ['/api/items?sort=def'] }),
    precompress(),
  ],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
      '/socket.io': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The entry chunk holds react-dom, react-router, react-query and axios (~450 kB, ~142 kB gzip); pages are split.
    chunkSizeWarningLimit: 500,
  },
});
