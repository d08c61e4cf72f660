// Vite build of the app and its service worker. Heavy libraries stay in their routes' chunks
// (see src/app/router.tsx); the service worker (sw/sw.ts) precaches them all for offline use.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { consentDocs } from './build/consent-docs-plugin.ts';
import { i18nMessages } from './build/i18n-messages-plugin.ts';
import { precompress } from './build/precompress-plugin.ts';

const apiTarget = process.env.DEV_API_URL ?? 'http://127.0.0.1:3001';

/** Dark is the default theme; the light theme's colours go to the meta tags in index.html. */
const THEME_COLOUR = '#0f1115';

export default defineConfig({
  plugins: [
    i18nMessages(),
    react(),
    consentDocs(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registered by src/pwa/register.ts through workbox-window (update prompt, no forced reloads).
      injectRegister: false,
      includeAssets: ['favicon.svg', 'theme-init.js', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Lopit Community',
        short_name: 'Lopit',
        description:
          'Heritage of the Lopit people, English-Lopit translation, and voice and text contributions for open Lopit language technology.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOUR,
        background_color: THEME_COLOUR,
        categories: ['education', 'social'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,pdf}'],
        // Source maps stay on the server for debugging; phones never need them offline.
        globIgnores: ['**/*.map'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // After the service worker is written: brotli and gzip copies of every text file, served as they are.
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // A CSP without 'unsafe-inline' forbids inlined module-preload helpers; keep everything in files.
    modulePreload: { polyfill: false },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    // `npm run dev`: the API runs beside Vite and is reached on the same origin.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
