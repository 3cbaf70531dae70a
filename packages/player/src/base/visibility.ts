/**
 * SPEC §4: in Chrome 63 and Opera, a hidden tab that is muted or at zero volume is paused
 * (those browsers throttle hidden media so hard that silent playback only wastes data).
 */
export function isChrome63OrOpera(userAgent: string): boolean {
  if (/\bOPR\/|\bOpera\b/.test(userAgent)) return true;
  return /\bChrome\/63\./.test(userAgent) && !/\bEdge?\//.test(userAgent);
}

export function shouldPauseHiddenTab(userAgent: string, muted: boolean, volume: number): boolean {
  return isChrome63OrOpera(userAgent) && (muted || volume === 0);
}
