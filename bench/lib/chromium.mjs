// How the benchmarks launch Debian's Chromium: the journeys' flags (no sandbox, no GPU, none of
// the background services that would try to reach Google; tests/e2e/support/chromium.ts), sound
// autoplay allowed as for an engaged visitor, and no throttling of timers or renderers, which
// long runs would otherwise meet.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
];
