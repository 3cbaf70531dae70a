/**
 * Test support: reads a multivariant playlist with hls-parser in strict mode
 * after checking its VIDEO groups ourselves. Shared by the playlist and
 * route tests; not part of the origin.
 *
 * Why our own checks when hls-parser already rejects a dangling VIDEO
 * attribute: the source quality hangs on that attribute (the player reads
 * `chunked` from it), so the rule must not depend on one parser's
 * strictness, and checking it first gives a failure that names the rule.
 * hls-parser also checks a group's members only when a variant points at
 * the group, so a malformed group nobody references would slip through.
 */

import HLS from 'hls-parser';
import type { types } from 'hls-parser';
import { expect } from 'vitest';

export interface ReadMultivariant {
  playlist: types.MasterPlaylist;
  /** The VIDEO attribute of each variant, by URI (absent: none). */
  videoGroupOf: ReadonlyMap<string, string | undefined>;
  /** Every TYPE=VIDEO group's members (their attributes), by GROUP-ID. */
  videoGroups: ReadonlyMap<string, ReadonlyMap<string, string>[]>;
}

/** Name to value, quotes removed: enough for the attribute lists this origin writes. */
export function attributeList(list: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, value] of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) {
    attributes.set(name!, value!.replace(/^"(.*)"$/, '$1'));
  }
  return attributes;
}

function tagAttributes(lines: readonly string[], tag: string): Map<string, string>[] {
  return lines.filter((l) => l.startsWith(`#${tag}:`)).map((l) => attributeList(l.slice(tag.length + 2)));
}

/** The RFC 8216 rules on VIDEO groups (§4.3.4.1, §4.3.4.1.1, §4.3.4.2), then hls-parser's strict parse. */
export function checkMultivariant(text: string): ReadMultivariant {
  const lines = text.split('\n');
  const videoGroups = new Map<string, Map<string, string>[]>();
  for (const media of tagAttributes(lines, 'EXT-X-MEDIA')) {
    if (media.get('TYPE') !== 'VIDEO') continue;
    const id = media.get('GROUP-ID') ?? '';
    expect(id, 'a TYPE=VIDEO EXT-X-MEDIA has a GROUP-ID').not.toBe('');
    videoGroups.set(id, [...(videoGroups.get(id) ?? []), media]);
  }
  for (const [id, members] of videoGroups) {
    const names = members.map((m) => m.get('NAME'));
    expect(new Set(names).size, `NAMEs in VIDEO group "${id}" are unique`).toBe(names.length);
    const defaults = members.filter((m) => m.get('DEFAULT') === 'YES');
    expect(defaults.length, `at most one DEFAULT=YES in VIDEO group "${id}"`).toBeLessThanOrEqual(1);
    for (const m of defaults) expect(m.get('AUTOSELECT'), `DEFAULT=YES implies AUTOSELECT=YES in "${id}"`).toBe('YES');
  }

  const videoGroupOf = new Map<string, string | undefined>();
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const video = attributeList(line.slice('#EXT-X-STREAM-INF:'.length)).get('VIDEO');
    if (video !== undefined) {
      // §4.3.4.2: it MUST match the GROUP-ID of an EXT-X-MEDIA whose TYPE is VIDEO.
      expect(videoGroups.has(video), `VIDEO="${video}" names a declared TYPE=VIDEO group`).toBe(true);
    }
    videoGroupOf.set(lines[i + 1] ?? '', video);
  });

  HLS.setOptions({ strictMode: true });
  const playlist = HLS.parse(text);
  if (!playlist.isMasterPlaylist) throw new Error('expected a multivariant playlist');
  return { playlist, videoGroupOf, videoGroups };
}
