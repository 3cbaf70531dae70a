// The embed's entry: as small as a module can be, so that nothing runs on the page's main thread
// before the first frame. Where the early start (src/boot/, inlined in index.html) started the engine, it also shows the
// engine's first frame on an element of its own; that needs the main thread for a few short
// tasks (giving the MediaSource handle to the element, the seek to the start position) which the
// app's ~140 KiB gzip of React, router and screens would otherwise hold up for a few hundred
// milliseconds. So the app is imported once that frame is out (or the early engine is gone,
// or it is taking too long). Without an early engine the app is imported at once.
import { startApp } from './lib/early-first-frame.ts';
import { yieldToMain } from './lib/yield-to-main.ts';
// The styles are the entry's, in index.html's <head>: loaded beside the early start's work
// (a few KiB, in long before the first frame), so no chunk loaded later brings CSS of its own.
// Inter, self-hosted (latin subset, the two weights the screens use): text renders the same on
// every machine, which the screenshot references depend on, and no font CDN learns who watches.
// In the cascade order the app's imports gave them: the player's and screens' rules, the fonts,
// then the base rules.
import './player-screen/player.css';
import './routes/screens.css';
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import './styles.css';

// The libraries first, then the app's data layer, the app in a later task: three shorter
// evaluations (app-libraries.ts, app-core.ts).
await startApp(window.__onairStart ?? {}, document, async () => {
  await import('./app-libraries.ts');
  await yieldToMain();
  await import('./app-core.ts');
  await yieldToMain();
  await (
    await import('./app.tsx')
  ).started;
});
