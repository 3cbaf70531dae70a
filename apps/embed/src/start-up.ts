/**
 * Start-up ordering: what is not needed for the first frame (monitoring, realtime) waits for
 * it. The player announces its first frame; pages without video wait a short while after load.
 */
export const FIRST_FRAME_EVENT = 'onair:first-frame';
const WITHOUT_VIDEO_DELAY_MS = 3000;

let firstFrame: Promise<void> | null = null;

export function afterFirstFrame(): Promise<void> {
  firstFrame ??= new Promise<void>((resolve) => {
    window.addEventListener(FIRST_FRAME_EVENT, () => resolve(), { once: true });
    const afterLoad = () => setTimeout(resolve, WITHOUT_VIDEO_DELAY_MS);
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
  return firstFrame;
}

export function announceFirstFrame(): void {
  window.dispatchEvent(new Event(FIRST_FRAME_EVENT));
}
