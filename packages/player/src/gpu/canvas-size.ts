export interface Size {
  width: number;
  height: number;
}

/**
 * The canvas's drawing-buffer size: the video's picture fitted inside the canvas's CSS box (as
 * `object-fit: contain` shows it) in device pixels, so the upscale writes exactly the pixels the
 * screen shows, no more. A box not laid out yet (0 × 0) falls back to the video's own size.
 */
export function canvasSize(box: Size, devicePixelRatio: number, video: Size): Size {
  const ratio = devicePixelRatio > 0 ? devicePixelRatio : 1;
  if (!(video.width > 0 && video.height > 0)) return { width: 1, height: 1 };
  if (!(box.width > 0 && box.height > 0)) return { width: video.width, height: video.height };
  const scale = Math.min(box.width / video.width, box.height / video.height) * ratio;
  return {
    width: Math.max(1, Math.round(video.width * scale)),
    height: Math.max(1, Math.round(video.height * scale)),
  };
}
