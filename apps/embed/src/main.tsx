import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './query-client.ts';
import { createEmbedRouter } from './router.tsx';
import './styles.css';

const queryClient = createQueryClient();
const router = createEmbedRouter(queryClient);

// A promise nobody awaited must not surface to the visitor; it is logged for monitoring.
window.addEventListener('unhandledrejection', (event) => {
  console.warn('Unhandled rejection in the embed', event.reason);
  event.preventDefault();
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
