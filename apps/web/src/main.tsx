import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { claimHistoryEntry } from './app/history-entry';
import { AppProviders, createQueryClient } from './app/providers';
import { buildRoutes } from './app/router';
import './styles/tokens.css';
import './styles/base.css';

const queryClient = createQueryClient();
// Before the router reads the entry: scroll positions come back on back/forward and reload only.
claimHistoryEntry();
const router = createBrowserRouter(buildRoutes(queryClient));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
