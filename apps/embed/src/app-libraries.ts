/**
 * The libraries the app is made of (React and its DOM renderer, the router, the query cache),
 * evaluated a task ahead of the app itself (main.tsx): two module evaluations of about half
 * the app's each instead of one long task (issue 36, no long tasks: the viewer is already
 * watching the early engine's frames while this runs). Exported, not merely imported, so that
 * the bundler keeps them in this chunk and the app's chunk shares them. Measured with the
 * page's long-task observer (10 cold loads on the 2-core machine): a long task after the first
 * frame in 7 of them before, 2 after; three stages (React apart) did no better, and cost
 * 1.5 KiB gzip more.
 */
export { QueryClientProvider } from '@tanstack/react-query';
export { StrictMode } from 'react';
export { createRoot } from 'react-dom/client';
export { createBrowserRouter } from 'react-router';
export { RouterProvider } from 'react-router/dom';
