// Browser entry: applies the theme, checks the stored session, and mounts the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './app/router.tsx';
import { refreshSession } from './features/auth/auth-api.ts';
import { applyTheme } from './features/theme/theme.ts';
import './styles/theme.css';
import './styles/base.css';
import './app/layout/layout.css';

applyTheme();
void refreshSession();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
