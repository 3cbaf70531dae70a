/** Session data entries (EXT-X-SESSION-DATA DATA-ID) that carry the channel's metadata. */
export const CHANNEL_METADATA_PREFIX = 'com.onair.channel.';

/**
 * SPEC §3 `channelMetadata`, from the source itself: each session data entry named
 * `com.onair.channel.<key>` gives `<key>`; a value that is JSON is parsed, any other stays text.
 */
export function channelMetadataFromSessionData(sessionData: Readonly<Record<string, string>>): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(sessionData)) {
    if (!id.startsWith(CHANNEL_METADATA_PREFIX) || id.length === CHANNEL_METADATA_PREFIX.length) continue;
    metadata[id.slice(CHANNEL_METADATA_PREFIX.length)] = parseValue(value);
  }
  return metadata;
}

function parseValue(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
