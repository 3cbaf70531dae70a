// The embed's entry: as small as a module can be, so that nothing runs on the page's main thread
// before the first frame. Where index.html's early script started the engine, it also shows the
// engine's first frame on an element of its own; that needs the main thread for a few short
// tasks (giving the MediaSource handle to the element, the seek to the start position) which the
// app's ~140 KiB gzip of React, router and screens would otherwise hold up for a few hundred
// milliseconds. So the app is imported once that frame is out (or the early engine is gone,
// or it is taking too long). Without an early engine the app is imported at once.
import { untilEarlyFirstFrame } from './lib/early-first-frame.ts';

await untilEarlyFirstFrame(window);
await import('./app.tsx');
