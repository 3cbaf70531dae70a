/**
 * The first rendition to load, chosen for time to first frame. With a bandwidth estimate (a
 * previous session of this page measured one), the best rendition the estimate carries with
 * headroom, no larger than needed for the element; without one, the lowest-bitrate rendition
 * that fills the element (in device pixels), so the first picture is sharp enough and no
 * bigger than useful. Automatic quality selection takes over from the first measurement.
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
  // The smallest rendition that covers the element; the largest when none does.
  const fills = byBitrate.find(({ level }) => !laidOut || (level.width >= needW && level.height >= needH));
  const ceiling = fills ?? byBitrate[byBitrate.length - 1]!;

  if (bandwidthEstimate !== null && bandwidthEstimate > 0) {
    const budget = bandwidthEstimate * START_BANDWIDTH_SHARE;
    const affordable = byBitrate.filter(
      ({ level }) => level.bitrate <= budget && level.bitrate <= ceiling.level.bitrate,
    );
    return (affordable[affordable.length - 1] ?? byBitrate[0]!).index;
  }
  // No estimate: the element's size decides; an element not laid out yet gets the lowest.
  return laidOut ? ceiling.index : byBitrate[0]!.index;
}
