import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Size } from './oembed-answer.ts';

/**
 * The intrinsic size of the channel images the platform serves itself (`/images/…`), for the
 * oEmbed thumbnail, whose URL the spec allows only with its width and height. The platform's
 * images are SVG files that state their size on the root element; anything else (another
 * format, a size in other units, a missing file) has no known size, and then no thumbnail is
 * answered. Sizes are read once per image.
 */
export type ImageSize = (imagePath: string) => Size | undefined;

/** The `width` and `height` of an SVG's root element, in whole pixels (`1600` or `1600px`). */
export function svgSize(svg: string): Size | undefined {
  const root = /<svg\b([^>]*)>/i.exec(svg)?.[1];
  if (root === undefined) return undefined;
  const read = (name: string): number | undefined => {
    const value = new RegExp(`\\s${name}\\s*=\\s*["']\\s*(\\d+)(?:px)?\\s*["']`, 'i').exec(root)?.[1];
    const pixels = value === undefined ? NaN : Number(value);
    return pixels > 0 ? pixels : undefined;
  };
  const width = read('width');
  const height = read('height');
  return width && height ? { width, height } : undefined;
}

/** Sizes of the images under `root`, served at `/images/{name}` (create-platform.ts). */
export function servedImageSizes(root: string, prefix = '/images/'): ImageSize {
  const known = new Map<string, Size | undefined>();
  return (imagePath) => {
    if (!imagePath.startsWith(prefix)) return undefined;
    const name = imagePath.slice(prefix.length);
    // One file name in the folder, nothing above or below it.
    if (!/^[\w.-]+\.svg$/i.test(name) || name.startsWith('.')) return undefined;
    if (!known.has(name)) {
      let size: Size | undefined;
      try {
        size = svgSize(readFileSync(path.join(root, name), 'utf8'));
      } catch {
        size = undefined;
      }
      known.set(name, size);
    }
    return known.get(name);
  };
}
