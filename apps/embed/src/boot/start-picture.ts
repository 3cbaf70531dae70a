/**
 * The start's first picture, shown by the page on a MediaSource of its own while the engine's
 * worker is still starting (issue 36).
 *
 * Measured on the 2-core machine (bench:startup, medians): the start's pieces are in by
 * ~125 ms after navigation, but a dedicated worker needs ~70 ms to start its thread and ~35 ms
 * more to run its script, so the engine appends them at ~250 ms and its element shows its first
 * picture at ~265 ms; native HLS shows one at ~180 ms. A MediaSource on the page has no thread
 * to wait for: it takes the same bytes (copies of the pieces the page fetched for the worker)
 * and shows the key frame the engine's own first picture shows (the first step of its start
 * seek, first-picture.ts), sooner.
 *
 * A still picture, never played: the engine's element, in front of it, shows the same key
 * frame once it can, then plays from the start's position; this element goes as the engine's
 * first frame comes (or the early start gives up). It is muted and hidden from assistive
 * technology and from the page's scripts: it is the engine's element that the player adopts
 * and a viewer operates.
 */

/** What this reads of the page: injectable for unit tests. */
export interface PictureWindow {
  document: Pick<Document, 'createElement'> & { body: HTMLElement | null; documentElement: HTMLElement };
  MediaSource?: new () => MediaSource;
  URL: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
  performance: Pick<Performance, 'mark'>;
}

/** The picture's pieces' bytes: the init segment's (none for MPEG-TS) and the first piece's; null for a failure. */
export interface PictureBytes {
  type: string;
  init: Promise<ArrayBuffer | null> | null;
  first: Promise<ArrayBuffer | null>;
}

export interface StartPicture {
  /** Gone, with its MediaSource: the engine's element shows the stream now, or the start gave up. Idempotent. */
  remove(): void;
}

/** Marks the picture's host element, for the start-up journey. */
export const START_PICTURE_ATTRIBUTE = 'data-onair-start-picture';

/**
 * Shows the key frame at the start of `bytes.first` on an element of its own, behind anything
 * positioned after it in the page; null where the page has no MediaSource. Anything that fails
 * (a type the browser refuses, a piece that did not come, a decode error) removes it quietly:
 * the engine's element shows the stream as it would have without it.
 */
export function showStartPicture(win: PictureWindow, bytes: PictureBytes): StartPicture | null {
  const Source = win.MediaSource;
  if (!Source) return null;
  let source: MediaSource;
  let objectUrl: string;
  try {
    source = new Source();
    objectUrl = win.URL.createObjectURL(source);
  } catch {
    return null;
  }
  // In a closed shadow root: the page's one <video> stays the engine's, the element the player
  // adopts and anything that looks for the page's video (a test, an extension) finds.
  const host = win.document.createElement('div');
  host.setAttribute(START_PICTURE_ATTRIBUTE, '');
  host.setAttribute('aria-hidden', 'true');
  host.style.position = 'fixed';
  host.style.inset = '0';
  host.style.pointerEvents = 'none';
  const video = win.document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  // The page's stylesheet does not reach into the shadow root: .player__video's box and fit.
  video.style.display = 'block';
  video.style.width = '100%';
  video.style.height = '100%';
  video.style.objectFit = 'contain';
  host.attachShadow({ mode: 'closed' }).appendChild(video);
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    host.remove();
    // Releases the decoder now rather than at the next collection.
    video.removeAttribute('src');
    video.load();
    win.URL.revokeObjectURL(objectUrl);
  };
  video.addEventListener('error', remove);
  video.addEventListener('seeked', () => win.performance.mark('onair:start-picture'), { once: true });
  source.addEventListener(
    'sourceopen',
    () => {
      void fill(source, bytes).then((start) => {
        if (removed) return;
        if (start === null) return remove();
        if (start > 0) video.currentTime = start;
        else win.performance.mark('onair:start-picture');
      }, remove);
    },
    { once: true },
  );
  video.src = objectUrl;
  // First in the page: the engine's element, positioned after it, is in front of it.
  const parent = win.document.body ?? win.document.documentElement;
  parent.insertBefore(host, parent.firstChild);
  return { remove };
}

/** Appends the pieces in order; the first buffered time (the key frame), or null where that failed. */
async function fill(source: MediaSource, bytes: PictureBytes): Promise<number | null> {
  const buffer = source.addSourceBuffer(bytes.type);
  // The piece's first frame at 0, where the element already is: its picture shows without a
  // seek (a seek measured 35 ms more here). Where a muxed track begins a little later, the
  // caller seeks to where both have begun.
  buffer.mode = 'sequence';
  for (const piece of [bytes.init, bytes.first]) {
    if (piece === null) continue;
    const data = await piece;
    if (data === null) return null;
    await new Promise<void>((resolve, reject) => {
      buffer.addEventListener('updateend', () => resolve(), { once: true });
      buffer.addEventListener('error', () => reject(new Error('append failed')), { once: true });
      buffer.appendBuffer(data);
    });
  }
  return buffer.buffered.length > 0 ? buffer.buffered.start(0) : null;
}
