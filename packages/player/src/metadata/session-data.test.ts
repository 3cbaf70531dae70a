import { describe, expect, it } from 'vitest';
import { channelMetadataFromSessionData } from './session-data.ts';

describe('channelMetadataFromSessionData', () => {
  it('takes the com.onair.channel.* entries, parsing JSON values', () => {
    expect(
      channelMetadataFromSessionData({
        'com.onair.server-time': '../time',
        'com.onair.channel.title': 'Late night',
        'com.onair.channel.tags': '["chill","music"]',
        'com.onair.channel.': 'nameless',
      }),
    ).toEqual({ title: 'Late night', tags: ['chill', 'music'] });
  });
  it('is empty for a source without channel entries', () => {
    expect(channelMetadataFromSessionData({})).toEqual({});
  });
});
