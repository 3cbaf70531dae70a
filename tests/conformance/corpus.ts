// The conformance corpus: streams written by another packager than ours (Debian's ffmpeg and its
// own HLS muxer), generated at test time into a folder a plain static server serves
// (static-server.mjs). Each case is an id, a description and the ffmpeg arguments that write it.
// Live cases run their ffmpeg in real time (-re, a sliding window of 2 s segments) only while a
// test needs them: start, wait for the playlists to list two segments, play, stop.
//
// As a command (tsx, as the platform runs), it writes the corpus for a look:
//   node --import tsx tests/conformance/corpus.ts [--out DIR] [--seconds N] [--list] [case ...]
import { spawn } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { captionPairs, withCaptions } from './cea608.ts';

/** Debian's ffmpeg (scripts/lib.mjs ensureFfmpeg installs it). */
export const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

/** Tiny, so that a stream and a browser share two cores: 320x180, 25 fps, 2 s GOPs, 64k audio. */
const SIZE = '320x180';
const FPS = 25;
const SEGMENT_SECONDS = 2;
const GOP = String(FPS * SEGMENT_SECONDS);
/** A live ffmpeg ends by itself after this long, should a test runner die without stopping it. */
const LIVE_MAX_SECONDS = '600';
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** The test pattern with a visible clock (wall time and media time) when a font is there. */
function picture(label: string, size = SIZE, rate = FPS): string {
  const source = `testsrc2=size=${size}:rate=${rate}`;
  if (!existsSync(FONT)) return source;
  const text = `${label} %{localtime\\:%T} pts %{pts\\:hms}`;
  return `${source},drawtext=fontfile=${FONT}:text='${text}':x=6:y=6:fontsize=14:fontcolor=white:box=1:boxcolor=black@0.7`;
}

/** lavfi inputs: the picture, then one tone per audio track (440 Hz, 660 Hz, …). */
interface InputOptions {
  live: boolean;
  label: string;
  tones?: number;
  size?: string;
  rate?: number;
  sampleRate?: number;
}

function inputs({ live, label, tones = 1, size = SIZE, rate = FPS, sampleRate = 48000 }: InputOptions): string[] {
  // Live: read in real time, and never more than LIVE_MAX_SECONDS of it.
  const re = live ? ['-re', '-t', LIVE_MAX_SECONDS] : [];
  const args = [...re, '-f', 'lavfi', '-i', picture(label, size, rate)];
  for (let i = 0; i < tones; i++) {
    args.push(...re, '-f', 'lavfi', '-i', `sine=frequency=${440 + 220 * i}:sample_rate=${sampleRate}`);
  }
  return args;
}

const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'];
const KEYFRAMES = ['-g', GOP, '-keyint_min', GOP, '-sc_threshold', '0'];
const AAC = ['-c:a', 'aac', '-b:a', '64k', '-ac', '2'];

/** A live stream: a sliding window of six 2 s segments, the oldest deleted, as a CDN's origin. */
const SLIDING = ['-hls_list_size', '6', '-hls_flags', 'delete_segments+independent_segments+temp_file'];
const HLS = ['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS)];
const FMP4 = ['-hls_segment_type', 'fmp4'];
const MPEGTS = ['-hls_segment_type', 'mpegts'];

/** One variant: index.m3u8 and its segments, with master.m3u8 (ffmpeg's) beside them. */
const single = (ext: string): string[] => [
  '-master_pl_name',
  'master.m3u8',
  '-hls_segment_filename',
  `seg_%d.${ext}`,
  'index.m3u8',
];

/** A VOD of `seconds` s in fMP4, audio muxed, 2 s segments: index.m3u8 and master.m3u8. */
function vodFmp4(label: string, seconds: number): string[] {
  return [
    ...inputs({ live: false, label }),
    ...['-t', String(seconds), '-map', '0:v', '-map', '1:a'],
    ...H264,
    ...KEYFRAMES,
    ...['-b:v', '300k'],
    ...AAC,
    ...HLS,
    ...['-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments'],
    ...FMP4,
    ...single('m4s'),
  ];
}

/** Runs ffmpeg to its end in the case's folder with these arguments. */
type RunFfmpeg = (args: string[]) => Promise<void>;

export interface CorpusCase {
  id: string;
  description: string;
  /** ffmpeg keeps writing while the test plays; else the stream is written, whole, before. */
  live: boolean;
  /** It has sound to decode. */
  audio: boolean;
  /** A WebVTT subtitles group. */
  subtitles?: boolean;
  /** No decoder in Chromium here: the player must say it cannot play it, not hang. */
  notPlayable?: boolean;
  /** The playlist the player loads, relative to the case's folder. */
  entry: string;
  /** A finished stream's length (s): a player must play it from its start to its end. */
  seconds?: number;
  /** Its media are byte ranges of one file (EXT-X-BYTERANGE): a player must ask for those ranges. */
  byteRanges?: boolean;
  /** The picture widths a player must show (each encode's), when they differ. */
  widths?: number[];
  /** ffmpeg 5.1 cannot write it: the test is skipped with this reason. */
  ffmpegCannot?: string;
  /** Files ffmpeg reads (a key, subtitles), written first. */
  prepare?: (dir: string) => Promise<void>;
  /** ffmpeg's arguments (run in the case's folder). */
  args?: () => string[];
  /** Instead of args: several runs of ffmpeg and what joins them. */
  build?: (dir: string, run: RunFfmpeg) => Promise<void>;
}

export const CASES: readonly CorpusCase[] = [
  {
    id: 'fmp4-muxed',
    description: 'fMP4, audio muxed with video, two renditions (-var_stream_map) and a master playlist',
    live: true,
    audio: true,
    entry: 'master.m3u8',
    args: () => [
      ...inputs({ live: true, label: 'fmp4-muxed' }),
      '-filter_complex',
      '[0:v]split=2[v0][v1];[v1]scale=256:144[v1s]',
      ...['-map', '[v0]', '-map', '1:a', '-map', '[v1s]', '-map', '1:a'],
      ...H264,
      ...KEYFRAMES,
      ...['-b:v:0', '300k', '-b:v:1', '150k'],
      ...AAC,
      ...HLS,
      ...SLIDING,
      ...FMP4,
      ...['-master_pl_name', 'master.m3u8', '-var_stream_map', 'v:0,a:0 v:1,a:1'],
      ...['-hls_segment_filename', 'stream_%v/seg_%d.m4s', 'stream_%v/index.m3u8'],
    ],
  },
  {
    id: 'fmp4-alt-audio',
    description:
      'fMP4, video in one playlist, audio in two of its own (EXT-X-MEDIA TYPE=AUDIO, en default and fr: 440 Hz, 660 Hz)',
    live: true,
    audio: true,
    entry: 'master.m3u8',
    args: () => [
      ...inputs({ live: true, label: 'fmp4-alt-audio', tones: 2 }),
      ...['-map', '0:v', '-map', '1:a', '-map', '2:a'],
      ...H264,
      ...KEYFRAMES,
      ...['-b:v', '300k'],
      ...AAC,
      ...HLS,
      ...SLIDING,
      ...FMP4,
      '-master_pl_name',
      'master.m3u8',
      '-var_stream_map',
      'v:0,agroup:aud a:0,agroup:aud,language:en,default:yes a:1,agroup:aud,language:fr',
      ...['-hls_segment_filename', 'stream_%v/seg_%d.m4s', 'stream_%v/index.m3u8'],
    ],
  },
  {
    id: 'ts',
    description: 'MPEG-TS segments, audio muxed, a master playlist',
    live: true,
    audio: true,
    entry: 'master.m3u8',
    args: () => [
      ...inputs({ live: true, label: 'ts' }),
      ...['-map', '0:v', '-map', '1:a'],
      ...H264,
      ...KEYFRAMES,
      ...['-b:v', '300k'],
      ...AAC,
      ...HLS,
      ...SLIDING,
      ...MPEGTS,
      ...single('ts'),
    ],
  },
  {
    id: 'ts-aes128',
    description: 'MPEG-TS segments encrypted with AES-128 (-hls_key_info_file), the key served beside them',
    live: true,
    audio: true,
    entry: 'master.m3u8',
    prepare: async (dir: string) => {
      await writeFile(path.join(dir, 'segments.key'), randomBytes(16));
      // Line 1: the key's URI as the playlist names it; line 2: where ffmpeg reads it.
      await writeFile(path.join(dir, 'key.info'), `segments.key\n${path.join(dir, 'segments.key')}\n`);
    },
    args: () => [
      ...inputs({ live: true, label: 'ts-aes128' }),
      ...['-map', '0:v', '-map', '1:a'],
      ...H264,
      ...KEYFRAMES,
      ...['-b:v', '300k'],
      ...AAC,
      ...HLS,
      ...SLIDING,
      ...MPEGTS,
      ...['-hls_key_info_file', 'key.info'],
      ...single('ts'),
    ],
  },
  {
    id: 'fmp4-aes128',
    description: 'fMP4 segments encrypted with AES-128 (-hls_enc 1)',
    live: true,
    audio: true,
    entry: 'master.m3u8',
    // Tried: ffmpeg 5.1's hls muxer refuses it ("Encrypted fmp4 not yet supported"). The test
    // tries again each run and is skipped with ffmpeg's words, so a newer ffmpeg turns it on.
    args: () => [
      ...inputs({ live: true, label: 'fmp4-aes128' }),
      ...['-map', '0:v', '-map', '1:a'],
      ...H264,
      ...KEYFRAMES,
      ...['-b:v', '300k'],
      ...AAC,
      ...HLS,
      ...SLIDING,
      ...FMP4,
      ...['-hls_enc', '1', '-hls_enc_key', randomBytes(16).toString('hex'), '-hls_enc_key_url', 'segments.key'],
      ...single('m4s'),
    ],
  },
  {
    id: 'fmp4-aes128-vod',
    description:
      'fMP4 segments encrypted with AES-128 after ffmpeg wrote them, as a packager does (ffmpeg 5.1 cannot encrypt fMP4 itself): VOD of 8 s, an explicit IV, the init segment clear',
    live: false,
    audio: true,
    entry: 'master.m3u8',
    seconds: 8,
    build: async (dir: string, run: RunFfmpeg) => {
      await run(vodFmp4('fmp4-aes128-vod', 8));
      const key = randomBytes(16);
      const iv = randomBytes(16);
      await writeFile(path.join(dir, 'segments.key'), key);
      const playlist = path.join(dir, 'index.m3u8');
      const lines = (await readFile(playlist, 'utf8')).split('\n');
      for (const line of lines.filter((l) => l && !l.startsWith('#'))) {
        const file = path.join(dir, line.trim());
        // AES-128 in HLS: the whole segment, CBC with PKCS#7 padding (RFC 8216 §5.2).
        const cipher = createCipheriv('aes-128-cbc', key, iv);
        await writeFile(file, Buffer.concat([cipher.update(await readFile(file)), cipher.final()]));
      }
      // After the EXT-X-MAP, so the key applies to the media segments and not the init segment.
      const map = lines.findIndex((l) => l.startsWith('#EXT-X-MAP'));
      lines.splice(map + 1, 0, `#EXT-X-KEY:METHOD=AES-128,URI="segments.key",IV=0x${iv.toString('hex')}`);
      await writeFile(playlist, lines.join('\n'));
    },
  },
  {
    id: 'vod',
    description: 'VOD (-hls_playlist_type vod): a 12 s fMP4 file, written whole before playback',
    live: false,
    audio: true,
    entry: 'master.m3u8',
    seconds: 12,
    args: () => [
      ...inputs({ live: false, label: 'vod' }),
      ...['-t', '12', '-map', '0:v', '-map', '1:a'],
      ...H264,
      ...KEYFRAMES,
      ...['-b:v', '300k'],
      ...AAC,
      ...HLS,
      ...['-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments'],
      ...FMP4,
      ...single('m4s'),
    ],
  },
  {
    id: 'event',
    description: 'EVENT playlist (-hls_playlist_type event): fMP4, segments only ever added, live',
    live: true,
    audio: true,
    entry: 'master.m3u8',
    args: () => [
      ...inputs({ live: true, label: 'event' }),
      ...['-map', '0:v', '-map', '1:a'],
      ...H264,
      ...KEYFRAMES,
      ...['-b:v', '300k'],
      ...AAC,
      ...HLS,
      ...['-hls_playlist_type', 'event', '-hls_flags', 'independent_segments+temp_file'],
      ...FMP4,
      ...single('m4s'),
    ],
  },
  {
    id: 'byterange',
    description:
      'One growing fMP4 file (-hls_flags single_file): init and segments as EXT-X-BYTERANGE ranges of it, live',
    live: true,
    audio: true,
    entry: 'master.m3u8',
    byteRanges: true,
    args: () => [
      ...inputs({ live: true, label: 'byterange' }),
      ...['-map', '0:v', '-map', '1:a'],
      ...H264,
      ...KEYFRAMES,
      ...['-b:v', '300k'],
      ...AAC,
      ...HLS,
      ...['-hls_list_size', '6', '-hls_flags', 'single_file+independent_segments'],
      ...FMP4,
      ...['-master_pl_name', 'master.m3u8', '-hls_segment_filename', 'media.m4s', 'index.m3u8'],
    ],
  },
  {
    id: 'discontinuity',
    description:
      'VOD of two 4 s ffmpeg encodes joined with EXT-X-DISCONTINUITY (a new EXT-X-MAP): 320x180 25 fps 48 kHz, then 480x270 30 fps 44.1 kHz, timestamps from 0 again; the media playlist is the entry',
    live: false,
    audio: true,
    entry: 'index.m3u8',
    seconds: 8,
    widths: [320, 480],
    build: async (dir: string, run: RunFfmpeg) => {
      const part = (name: string, size: string, rate: number, sampleRate: number): string[] => [
        ...inputs({ live: false, label: `discontinuity ${name}`, size, rate, sampleRate }),
        ...['-t', '4', '-map', '0:v', '-map', '1:a'],
        ...H264,
        ...['-g', String(rate * SEGMENT_SECONDS), '-keyint_min', String(rate * SEGMENT_SECONDS), '-sc_threshold', '0'],
        ...['-b:v', '300k'],
        ...AAC,
        ...HLS,
        ...['-hls_playlist_type', 'vod'],
        ...FMP4,
        ...['-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', `${name}/seg_%d.m4s`, `${name}/index.m3u8`],
      ];
      await mkdir(path.join(dir, 'a'));
      await mkdir(path.join(dir, 'b'));
      await run(part('a', '320x180', 25, 48000));
      await run(part('b', '480x270', 30, 44100));
      // ffmpeg's two playlists, joined by hand: b's segments after a discontinuity and its own map.
      const lines = async (name: string): Promise<string[]> =>
        (await readFile(path.join(dir, name, 'index.m3u8'), 'utf8'))
          .split('\n')
          .filter((line) => /^(#EXTINF|#EXT-X-MAP|[^#\s])/.test(line))
          .map((line) => line.replace(/^(#EXT-X-MAP:URI=")/, `$1${name}/`).replace(/^([^#\s].*)$/, `${name}/$1`));
      const joined = [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:2',
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        ...(await lines('a')),
        '#EXT-X-DISCONTINUITY',
        ...(await lines('b')),
        '#EXT-X-ENDLIST',
        '',
      ];
      await writeFile(path.join(dir, 'index.m3u8'), joined.join('\n'));
    },
  },
  {
    id: 'gap',
    description:
      'VOD of 10 s (fMP4) whose third segment (4-6 s) is an EXT-X-GAP, its file gone, as an encoder outage leaves it: played across the hole to the end',
    live: false,
    audio: true,
    entry: 'master.m3u8',
    seconds: 10,
    build: async (dir: string, run: RunFfmpeg) => {
      await run(vodFmp4('gap', 10));
      const playlist = path.join(dir, 'index.m3u8');
      const text = await readFile(playlist, 'utf8');
      if (!text.includes('\nseg_2.m4s')) throw new Error('gap: ffmpeg wrote no seg_2.m4s to mark');
      await writeFile(playlist, text.replace(/\n(#EXTINF:[^\n]*\n)seg_2\.m4s/, '\n#EXT-X-GAP\n$1seg_2.m4s'));
      // A gap's URI is not to be asked for: gone, it answers 404 to a player that does.
      await rm(path.join(dir, 'seg_2.m4s'));
    },
  },
  {
    id: 'webvtt',
    description: 'fMP4 with a WebVTT subtitles group (EXT-X-MEDIA TYPE=SUBTITLES, a cue a second from an .srt), live',
    live: true,
    audio: true,
    subtitles: true,
    entry: 'master.m3u8',
    prepare: async (dir: string) => {
      const at = (s: number) =>
        `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')},000`;
      const cues = Array.from({ length: 700 }, (_, i) => `${i + 1}\n${at(i)} --> ${at(i + 1)}\nCue ${i}\n`);
      await writeFile(path.join(dir, 'cues.srt'), cues.join('\n'));
    },
    args: () => [
      ...inputs({ live: true, label: 'webvtt' }),
      ...['-i', 'cues.srt'],
      ...['-map', '0:v', '-map', '1:a', '-map', '2:s'],
      ...H264,
      ...KEYFRAMES,
      ...['-b:v', '300k'],
      ...AAC,
      ...['-c:s', 'webvtt'],
      ...HLS,
      ...SLIDING,
      ...FMP4,
      ...['-master_pl_name', 'master.m3u8', '-var_stream_map', 'v:0,a:0,s:0,sgroup:subs,language:en'],
      ...['-hls_segment_filename', 'stream_%v/seg_%d.m4s', 'stream_%v/index.m3u8'],
    ],
  },
  {
    id: 'cea608',
    description:
      'CEA-608 captions (CC1, pop-on, one every 2 s) in the H.264 SEI of an MPEG-TS VOD of 10 s, named by EXT-X-MEDIA TYPE=CLOSED-CAPTIONS: ffmpeg 5.1 cannot attach captions to frames, so the corpus writes the SEI into its H.264 and ffmpeg packages that',
    live: false,
    audio: true,
    subtitles: true,
    entry: 'master.m3u8',
    seconds: 10,
    build: async (dir: string, run: RunFfmpeg) => {
      await run([
        ...inputs({ live: false, label: 'cea608' }).slice(0, 4),
        ...['-t', '10', '-map', '0:v'],
        ...H264,
        ...KEYFRAMES,
        ...['-bf', '0', '-b:v', '300k', '-f', 'h264', 'video.h264'],
      ]);
      const captions = ['CAPTION ONE', 'CAPTION TWO', 'CAPTION THREE', 'CAPTION FOUR'].map((text, i) => ({
        atFrame: FPS * 2 * (i + 1),
        text,
      }));
      const video = await readFile(path.join(dir, 'video.h264'));
      await writeFile(path.join(dir, 'captioned.h264'), withCaptions(video, captionPairs(captions, FPS * 10)));
      await rm(path.join(dir, 'video.h264'));
      await run([
        ...['-fflags', '+genpts', '-framerate', String(FPS), '-f', 'h264', '-i', 'captioned.h264'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
        ...['-t', '10', '-map', '0:v', '-map', '1:a', '-c:v', 'copy'],
        ...AAC,
        ...HLS,
        ...['-hls_playlist_type', 'vod'],
        ...MPEGTS,
        ...['-hls_segment_filename', 'seg_%d.ts', 'index.m3u8'],
      ]);
      await rm(path.join(dir, 'captioned.h264'));
      // ffmpeg's -cc_stream_map needs a var_stream_map; the master playlist is short to write.
      const master = [
        '#EXTM3U',
        '#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English",LANGUAGE="en",INSTREAM-ID="CC1",DEFAULT=YES,AUTOSELECT=YES',
        `#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=${SIZE},CLOSED-CAPTIONS="cc"`,
        'index.m3u8',
        '',
      ];
      await writeFile(path.join(dir, 'master.m3u8'), master.join('\n'));
    },
  },
  {
    id: 'av1',
    description: 'AV1 (libsvtav1, preset 12) in fMP4, audio muxed, live; ffmpeg 5.1 writes no CODECS for AV1',
    live: true,
    audio: true,
    entry: 'master.m3u8',
    args: () => [
      ...inputs({ live: true, label: 'av1' }),
      ...['-map', '0:v', '-map', '1:a'],
      ...['-c:v', 'libsvtav1', '-preset', '12', '-pix_fmt', 'yuv420p', '-svtav1-params', 'lp=1'],
      ...['-g', GOP, '-b:v', '300k'],
      ...AAC,
      ...HLS,
      ...SLIDING,
      ...FMP4,
      ...single('m4s'),
    ],
  },
  {
    id: 'hevc',
    description:
      'HEVC (libx265, hvc1) in fMP4, VOD of 8 s: no decoder in this Chromium, so the player must say it cannot play it',
    live: false,
    audio: true,
    notPlayable: true,
    entry: 'master.m3u8',
    seconds: 8,
    args: () => [
      ...inputs({ live: false, label: 'hevc' }),
      ...['-t', '8', '-map', '0:v', '-map', '1:a'],
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p'],
      ...['-x265-params', `log-level=error:keyint=${GOP}:min-keyint=${GOP}:scenecut=0`, '-b:v', '300k'],
      ...AAC,
      ...HLS,
      ...['-hls_playlist_type', 'vod'],
      ...FMP4,
      ...single('m4s'),
    ],
  },
];

export function corpusCase(id: string): CorpusCase {
  const found = CASES.find((c) => c.id === id);
  if (!found) throw new Error(`no conformance case ${id}`);
  return found;
}

/** ffmpeg cannot write this case (its words); the test is skipped with them. */
export class FfmpegCannotWrite extends Error {
  override readonly name = 'FfmpegCannotWrite';
}

/** What ffmpeg says when a muxer or an encoder lacks the feature (not a mistake of ours). */
const NOT_IMPLEMENTED = /not (yet )?(supported|implemented)|Unknown encoder|Encoder not found/i;

function ffmpegFailure(id: string, code: number | string | null, stderr: string): Error {
  const tail = stderr.trim().split('\n').slice(-6).join('\n');
  // Without the muxer's address ("[hls @ 0x55…] "): the same words every run.
  const line = tail
    .split('\n')
    .find((l) => NOT_IMPLEMENTED.test(l))
    ?.replace(/\[\w+ @ 0x[0-9a-f]+\] /, '');
  return line
    ? new FfmpegCannotWrite(`ffmpeg ${FFMPEG_VERSION ?? ''} cannot write ${id}: ${line.trim()}`)
    : new Error(`ffmpeg for ${id} exited with ${code}:\n${tail}`);
}

let FFMPEG_VERSION: string | null = null;

/** `ffmpeg -version`'s number (5.1.9-0+deb12u1), for the report. */
export async function ffmpegVersion(): Promise<string> {
  if (FFMPEG_VERSION) return FFMPEG_VERSION;
  const { stdout } = await capture(FFMPEG, ['-hide_banner', '-version'], process.cwd());
  FFMPEG_VERSION = /ffmpeg version (\S+)/.exec(stdout)?.[1] ?? 'unknown';
  return FFMPEG_VERSION;
}

function capture(
  command: string,
  args: string[],
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const FFMPEG_QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'warning', '-y'];

/** The media playlists a playlist names (itself when it is one). */
async function mediaPlaylists(dir: string, entry: string): Promise<{ file: string; text: string }[]> {
  const file = path.join(dir, entry);
  const text = await readFile(file, 'utf8');
  if (/#EXTINF/.test(text) || /#EXT-X-TARGETDURATION/.test(text)) return [{ file, text }];
  const uris: string[] = [];
  const lines = text.split('\n').map((l) => l.trim());
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    if (line.startsWith('#EXT-X-STREAM-INF') && next && !next.startsWith('#')) uris.push(next);
    const uri = /^#EXT-X-MEDIA:.*\bURI="([^"]+)"/.exec(line)?.[1];
    if (uri) uris.push(uri);
  });
  if (uris.length === 0) return [];
  const base = path.dirname(file);
  return Promise.all(
    uris.map(async (uri) => {
      const media = path.join(base, uri);
      return { file: media, text: existsSync(media) ? await readFile(media, 'utf8') : '' };
    }),
  );
}

/** Whether every media playlist of the entry lists at least `segments` segments. */
async function ready(dir: string, entry: string, segments: number): Promise<boolean> {
  if (!existsSync(path.join(dir, entry))) return false;
  try {
    const playlists = await mediaPlaylists(dir, entry);
    return playlists.length > 0 && playlists.every(({ text }) => (text.match(/^#EXTINF/gm) ?? []).length >= segments);
  } catch {
    return false;
  }
}

/**
 * Writes a case into `root/<id>` and, for a live one, keeps ffmpeg writing until `stop()`.
 * Resolves once the entry playlist's media playlists list `segments` segments (live) or once
 * ffmpeg is done (VOD). Rejects with FfmpegCannotWrite when ffmpeg lacks the feature.
 */
export interface RunningCase {
  id: string;
  /** The case's folder. */
  dir: string;
  /** The entry playlist, relative to the corpus root (the static server's). */
  path: string;
  live: boolean;
  /** How long it took to write (VOD) or to list its first segments (live). */
  readyMs: number;
  /** ffmpeg's recent warnings (live). */
  stderr: () => string;
  /** Stops a live ffmpeg (nothing for a written one). */
  stop: () => Promise<void>;
}

export async function startCase(
  id: string,
  root: string,
  { segments = 2, timeoutMs = 30_000 }: { segments?: number; timeoutMs?: number } = {},
): Promise<RunningCase> {
  const entry = corpusCase(id);
  if (entry.ffmpegCannot) throw new FfmpegCannotWrite(entry.ffmpegCannot);
  await ffmpegVersion();
  const dir = path.join(root, id);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const started = Date.now();
  const handle: RunningCase = {
    id,
    dir,
    path: `${id}/${entry.entry}`,
    live: entry.live,
    readyMs: 0,
    stderr: () => '',
    stop: async () => {},
  };

  /** Runs ffmpeg to its end in the case's folder. */
  const runToEnd: RunFfmpeg = async (args) => {
    const { code, stderr } = await capture(FFMPEG, [...FFMPEG_QUIET, ...args], dir);
    if (code !== 0) throw ffmpegFailure(id, code, stderr);
  };
  if (entry.prepare) await entry.prepare(dir);

  if (entry.build) {
    await entry.build(dir, runToEnd);
  } else if (!entry.args) {
    throw new Error(`${id} has neither args nor build`);
  } else if (!entry.live) {
    await runToEnd(entry.args());
  } else {
    const child = spawn(FFMPEG, [...FFMPEG_QUIET, ...entry.args()], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-8000)));
    type Exit = { code: number | null; signal: NodeJS.Signals | null };
    const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    let done: Exit | null = null as Exit | null;
    void exited.then((result) => (done = result));
    handle.stop = async () => {
      if (done) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    };
    handle.stderr = () => stderr;
    while (!(await ready(dir, entry.entry, segments))) {
      if (done) throw ffmpegFailure(id, done.code ?? done.signal, stderr);
      if (Date.now() - started > timeoutMs) {
        await handle.stop();
        throw new Error(`${id}: no ${segments} segments after ${timeoutMs} ms\n${stderr.slice(-2000)}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  handle.readyMs = Date.now() - started;
  return handle;
}

async function main(argv: string[]): Promise<void> {
  const options = { out: null as string | null, seconds: 10, list: false, ids: [] as string[] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') options.out = argv[++i] ?? null;
    else if (argv[i] === '--seconds') options.seconds = Number(argv[++i]);
    else if (argv[i] === '--list') options.list = true;
    else options.ids.push(argv[i]!);
  }
  if (options.list) {
    for (const c of CASES)
      console.log(`${c.id.padEnd(16)} ${c.ffmpegCannot ? '(ffmpeg cannot) ' : ''}${c.description}`);
    return;
  }
  const out = options.out ?? (await mkdtemp(path.join(os.tmpdir(), 'onair-corpus-')));
  console.log(`ffmpeg ${await ffmpegVersion()}, writing into ${out}`);
  for (const c of options.ids.length ? options.ids.map(corpusCase) : CASES) {
    try {
      const handle = await startCase(c.id, out);
      if (handle.live) await new Promise((r) => setTimeout(r, options.seconds * 1000));
      await handle.stop();
      console.log(`${c.id.padEnd(16)} ok       ${handle.path}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.log(`${c.id.padEnd(16)} ${error instanceof FfmpegCannotWrite ? 'cannot  ' : 'FAILED  '} ${message}`);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
