import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { routePages } from './home-page-plugin.ts';
import { precompress } from './precompress-plugin.ts';

/**
 * A module of packages/shared that builds no zod schema: the constants, texts and small helpers every page takes a
 * few of. Each page used to load them as a dozen or so 1-2 kB chunks, one per set of pages sharing them (issue 37,
 * second pass: the item page's first load was 38 scripts, and Lighthouse's slow 4G pays a round trip for each on
 * HTTP/1.1's six connections). Schema modules stay out: a chunk the feed loads must not carry zod (its 150 kB budget).
 */
const SHARED_SOURCE = /packages[\\/]shared[\\/]src[\\/].*\.ts$/;
const importsZod = (file: string) => /^import[^;]* from ['"]zod['"]/m.test(readFileSync(file, 'utf8'));
const isSharedConstants = (id: string) => SHARED_SOURCE.test(id) && !importsZod(id);

// In development the API runs on its own port (API_PORT, default 3001) and Vite proxies to it, so the browser
// sees one origin exactly as in production, where the API serves the built SPA itself.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  plugins: [
    react(),
    routePages([
      // The feed's first page as every first visit asks for it (default list settings), and the blog banner above it.
      { file: 'home.html', route: 'src/app/home-feed-page.tsx', fetches: ['/api/items?sort=def', '/api/banner-blogs'] },
      // The item's own call is hinted by the server (a Link header with the id: static.ts).
      { file: 'detail.html', route: 'src/app/item-detail-route.tsx' },
      // The form waits for the email status (listing needs a confirmed email); only signed-in users get this far.
      { file: 'sell.html', route: 'src/app/listing-routes.tsx', fetches: ['/api/me/verified'] },
      // A seller's profile (issue 37): its header and listings are hinted by the server (a Link header with the name).
      { file: 'profile.html', route: 'src/features/discovery/pages/seller-profile-page.tsx' },
    ]),
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
    // Pages are split; the libraries every page runs (react, react-dom, react-router, react-query) are one vendor
    // chunk (~350 kB, ~110 kB gzip) instead of four pieces split by who imports them: fewer requests before the first
    // render, and a chunk that changes only when a library does, so it stays cached across deploys.
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
            { name: 'app', tags: ['$initial'], test: /apps[\\/]web[\\/]src[\\/]/, includeDependenciesRecursively: false },
            // Its own modules only: what they import (a schema module, zod) stays where it was.
            { name: 'shared', test: isSharedConstants, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
