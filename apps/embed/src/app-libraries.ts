/**
 * The libraries the app is made of that the first render needs before anything else (React,
 * its DOM renderer, the query cache's provider), evaluated a task ahead of the app's data
 * layer (app-core.ts, with the router) and two ahead of the app itself (main.tsx): three
 * module evaluations instead of one long task (issue 36, no long tasks: the viewer is already
 * watching the early engine's frames while this runs). Exported, not merely imported, so that
 * the bundler keeps them in this chunk and the app's chunk shares them. Measured with the
 * page's long-task observer (10 cold loads on the 2-core machine): a long task after the first
 * frame in 7 of them with one chunk, 2 with two. With the router here and the data layer apart,
 * this chunk alone was still a long task in some loads (75-100 ms), so the router moved to
 * app-core.ts (+1.1 KiB gzip for the cross-chunk imports).
 */
export { QueryClientProvider } from '@tanstack/react-query';
export { StrictMode } from 'react';
export { createRoot } from 'react-dom/client';
