import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { servedImageSizes, svgSize } from './image-size.ts';

describe('svgSize', () => {
  it('reads the root element’s width and height in pixels', () => {
    expect(svgSize('<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400">')).toEqual({
      width: 1600,
      height: 400,
    });
    expect(svgSize("<?xml version='1.0'?><svg height='90px' width='160px'><rect width='1'/></svg>")).toEqual({
      width: 160,
      height: 90,
    });
  });

  it.each([
    ['no size', '<svg viewBox="0 0 16 9">'],
    ['a relative size', '<svg width="100%" height="100%">'],
    ['a size in other units', '<svg width="10em" height="5em">'],
    ['a zero size', '<svg width="0" height="10">'],
    ['no svg', '<html>'],
    ['a stroke-width only', '<svg stroke-width="2" height="10">'],
  ])('is undefined for %s', (_name, svg) => {
    expect(svgSize(svg)).toBeUndefined();
  });
});

describe('servedImageSizes', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'onair-images-'));
  writeFileSync(path.join(root, 'banner.svg'), '<svg width="1600" height="400"></svg>');
  const sizeOf = servedImageSizes(root);

  it('reads an SVG served under /images/', () => {
    expect(sizeOf('/images/banner.svg')).toEqual({ width: 1600, height: 400 });
  });

  it.each(['/images/missing.svg', '/images/photo.png', '/images/../banner.svg', '/images/a/banner.svg', '/b.svg'])(
    'knows no size for %s',
    (imagePath) => {
      expect(sizeOf(imagePath)).toBeUndefined();
    },
  );
});
