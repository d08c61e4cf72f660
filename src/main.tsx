// Browser entry: applies the theme and the interface's language, checks the stored session, registers the service
// worker, mounts the router, and after the first paint starts the outbox sync and the field preparation.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { startAfterFirstPaint, warmLocaleData } from './app/deferred-start.ts';
import { router } from './app/router.tsx';
import { refreshSession } from './features/auth/auth-api.ts';
import { applyTheme } from './features/theme/theme.ts';
import { startI18n } from './i18n/i18n.tsx';
import { nextTask } from './lib/tasks.ts';
import { registerServiceWorker } from './pwa/pwa-store.ts';
import './styles/theme.css';
import './styles/base.css';
import './app/layout/layout.css';

applyTheme();
startI18n();
void refreshSession();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Each step its own task: the locale data the first render uses, then the first render as a transition (React
// renders it in slices, yielding to the browser between them, instead of one long task on a slow phone), then,
// after the first paint, the outbox engine (Dexie) and the field preparation, which also keeps the initial
// JavaScript small.
void warmLocaleData()
  .then(nextTask)
  .then(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      ),
    ),
  )
  .then(startAfterFirstPaint);
