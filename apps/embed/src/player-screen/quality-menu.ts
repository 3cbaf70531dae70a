import { SOURCE_GROUP, type AudioTrack, type Quality } from '@onair/player';

/** Highest first, as viewers scan a quality list; ties by bitrate. */
export function qualityMenuOrder(qualities: readonly Quality[]): Quality[] {
  return [...qualities].sort((a, b) => b.height - a.height || b.bitrate - a.bitrate);
}

/** The quality's name, marked when it is the source (SPEC §3: group 'chunked'). */
export function qualityLabel(quality: Quality): string {
  return quality.group === SOURCE_GROUP ? `${quality.name} (Source)` : quality.name;
}

/** A packager's made-up rendition name (ffmpeg's `audio_0`, `aud-1`, `a2`): no label for a viewer. */
const GENERATED_NAME = /^(audio|aud|a|group|stream)[ _-]?\d*$/i;

/**
 * An audio track as the menu names it: the stream's NAME where it is one a person wrote
 * ("English", "Director's commentary"); where it is a packager's placeholder or the bare
 * language tag, the language in its own words ("français", "English"), as YouTube's menu does.
 */
export function audioTrackLabel(track: Pick<AudioTrack, 'name' | 'language'>): string {
  const name = track.name.trim();
  const language = track.language.trim();
  if (name && !GENERATED_NAME.test(name) && name.toLowerCase() !== language.toLowerCase()) return name;
  if (language) {
    try {
      const own = new Intl.DisplayNames([language], { type: 'language' }).of(language);
      if (own) return own.charAt(0).toLocaleUpperCase(language) + own.slice(1);
    } catch {
      // Not a language tag: shown as written.
    }
    return language;
  }
  return name || 'Audio';
}
