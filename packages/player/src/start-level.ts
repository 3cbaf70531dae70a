/**
 * The first rendition to load, chosen for time to first frame. With a bandwidth estimate (a
 * previous session of this page measured one), the best rendition the estimate carries with
 * headroom, no larger than needed for the element. Without one, the lowest-bitrate rendition
 * that fills half the element's width and height (in device pixels), as players that start
 * fast do (hls.js and Shaka start from a default estimate of 0.5-1 Mbit/s): a live start needs
 * every part from the segment's keyframe to its position (up to 0.8 s of media) before its
 * first frame, and the decoder decodes all of them. A quarter of the pixels is about a third
 * of the bytes and a quarter of the decoding (the first frame 25-30 ms sooner at 1280 × 720
 * here, and on a real network the bytes count more). Automatic quality selection takes over
 * from the first measurement and climbs to the element's size at the next independent part.
 */
export interface StartCandidate {
  bitrate: number;
  width: number;
  height: number;
}

export interface StartSize {
  /** Element size in CSS pixels (0 when not laid out yet). */
  width: number;
  height: number;
  devicePixelRatio: number;
}

/** Share of the estimate a start rendition may use: the first loads must not stall. */
export const START_BANDWIDTH_SHARE = 0.7;
/** Without an estimate, the start rendition fills this share of the element's width and height. */
export const START_SIZE_SHARE = 0.5;

/** Index into `levels` of the start rendition; -1 when there is none. */
export function chooseStartLevel(
  levels: readonly StartCandidate[],
  size: StartSize,
  bandwidthEstimate: number | null,
): number {
  if (levels.length === 0) return -1;
  const byBitrate = levels.map((level, index) => ({ level, index })).sort((a, b) => a.level.bitrate - b.level.bitrate);
  const dpr = size.devicePixelRatio > 0 ? size.devicePixelRatio : 1;
  const needW = size.width * dpr;
  const needH = size.height * dpr;
  const laidOut = needW > 0 && needH > 0;
  const covers = (level: StartCandidate, share: number) =>
    level.width >= needW * share && level.height >= needH * share;
  // The smallest rendition that covers the element; the largest when none does.
  const fills = byBitrate.find(({ level }) => !laidOut || covers(level, 1));
  const ceiling = fills ?? byBitrate[byBitrate.length - 1]!;

  if (bandwidthEstimate !== null && bandwidthEstimate > 0) {
    const budget = bandwidthEstimate * START_BANDWIDTH_SHARE;
    const affordable = byBitrate.filter(
      ({ level }) => level.bitrate <= budget && level.bitrate <= ceiling.level.bitrate,
    );
    return (affordable[affordable.length - 1] ?? byBitrate[0]!).index;
  }
  // No estimate: the element's size decides; an element not laid out yet gets the lowest.
  if (!laidOut) return byBitrate[0]!.index;
  return (byBitrate.find(({ level }) => covers(level, START_SIZE_SHARE)) ?? ceiling).index;
}
