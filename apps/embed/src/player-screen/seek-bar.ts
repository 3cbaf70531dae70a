/** A seek bar shows only where there is somewhere to go: a VOD, or a live window this long (s). */
export const MIN_SEEKABLE_S = 20;
/** ← / → move this far (s), as YouTube's and Twitch's players do. */
export const SEEK_STEP_S = 5;

/** What the seek bar spans, or null when it is not shown (a live window too short to rewind in). */
export function seekSpan(seekable: { start: number; end: number } | null): { start: number; end: number } | null {
  if (!seekable || !Number.isFinite(seekable.start) || !Number.isFinite(seekable.end)) return null;
  return seekable.end - seekable.start >= MIN_SEEKABLE_S ? seekable : null;
}

/** `1:05`, `1:02:03`: a position as a viewer reads it. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The slider's words for a screen reader: where in a VOD ("1:05 of 10:00"), or how far behind
 * live in a live window ("30 seconds behind live", "Live").
 */
export function seekValueText(position: number, span: { start: number; end: number }, live: boolean): string {
  if (!live) return `${clock(position - span.start)} of ${clock(span.end - span.start)}`;
  const behind = Math.round(span.end - position);
  return behind <= 1 ? 'Live' : `${clock(behind)} behind live`;
}

/** Where a key moves the position (null: not the seek bar's key): ←/→ 5 s, Home/End the ends. */
export function seekKey(key: string, position: number, span: { start: number; end: number }): number | null {
  const clamp = (value: number) => Math.min(span.end, Math.max(span.start, value));
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(position - SEEK_STEP_S);
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(position + SEEK_STEP_S);
    case 'Home':
      return span.start;
    case 'End':
      return span.end;
    default:
      return null;
  }
}
