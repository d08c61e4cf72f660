// Browser entry: applies the theme and the interface's language, checks the stored session, registers the service worker, starts the
// outbox sync and the field preparation, and mounts the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './app/router.tsx';
import { refreshSession } from './features/auth/auth-api.ts';
import { applyTheme } from './features/theme/theme.ts';
import { startI18n } from './i18n/i18n.tsx';
import { registerServiceWorker } from './pwa/pwa-store.ts';
import './styles/theme.css';
import './styles/base.css';
import './app/layout/layout.css';

applyTheme();
startI18n();
void refreshSession();
registerServiceWorker();
// The outbox engine (Dexie) loads after the first paint, keeping the initial JavaScript small.
void import('./features/sync/sync.ts').then(({ startSync }) => startSync());
// "Ready for the field" after sign-in (and when the last preparation is stale), also after the first paint.
void import('./features/field/auto-prepare.ts').then(({ prepareAutomatically }) => prepareAutomatically());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
