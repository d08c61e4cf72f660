// Vite build of the app. Heavy libraries stay in their routes' chunks (see src/app/router.tsx).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.DEV_API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [react()],
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
