import { SOURCE_GROUP, type Quality } from '@onair/player';

/** Highest first, as viewers scan a quality list; ties by bitrate. */
export function qualityMenuOrder(qualities: readonly Quality[]): Quality[] {
  return [...qualities].sort((a, b) => b.height - a.height || b.bitrate - a.bitrate);
}

/** The quality's name, marked when it is the source (SPEC §3: group 'chunked'). */
export function qualityLabel(quality: Quality): string {
  return quality.group === SOURCE_GROUP ? `${quality.name} (Source)` : quality.name;
}
