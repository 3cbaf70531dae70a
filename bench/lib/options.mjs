// Command-line options of `npm run bench`, with the defaults and a --quick preset.
// Pure: parseOptions(argv) → options, or throws with a message meant for the terminal.

// embed-sw / embed-native: the embed without MediaSource (passthrough sink), with and without
// the live-manifest service worker (lib/players.mjs).
export const PLAYER_IDS = ['embed', 'embed-sw', 'embed-native', 'hlsjs', 'hlsjs-ll', 'shaka', 'videojs', 'native'];

/** The figures: 3 runs, 2-minute latency, heap after 1 and 5 minutes, 8 Mbps → 600 kbps → 8 Mbps. */
export const DEFAULTS = {
  runs: 3,
  durationS: 120,
  heapAtS: [60, 300],
  profile: '8000:20,600:20,8000:40',
  players: PLAYER_IDS,
  startupLoads: 5,
};

/** About 95 s a player on a 2-core machine (13 min for all eight): one run, short sessions, a compressed profile. */
export const QUICK = {
  runs: 1,
  durationS: 20,
  heapAtS: [10, 20],
  profile: '8000:8,600:10,8000:12',
};

/**
 * A network profile: comma-separated `<kbps>:<seconds>` steps applied one after another from
 * the first frame on (the first step also applies while the page loads).
 */
export function parseProfile(text) {
  const steps = text.split(',').map((step) => {
    const match = /^\s*(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)\s*$/.exec(step);
    if (!match) throw new Error(`--profile: "${step}" is not <kbps>:<seconds>`);
    const [kbps, seconds] = [Number(match[1]), Number(match[2])];
    if (kbps <= 0 || seconds <= 0) throw new Error(`--profile: "${step}" needs a positive rate and duration`);
    return { kbps, seconds };
  });
  if (steps.length < 2) throw new Error('--profile needs at least two steps (a change to adapt to)');
  return steps;
}

const positive = (name, value, { integer = false, min = 1 } = {}) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
    throw new Error(`--${name} must be ${integer ? 'an integer' : 'a number'} ≥ ${min} (got "${value}")`);
  }
  return n;
};

export function parseOptions(argv) {
  const args = new Map();
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`unknown argument "${arg}"`);
    args.set(match[1], match[2] ?? 'true');
  }
  const known = ['quick', 'runs', 'duration', 'heap-at', 'profile', 'players', 'startup-loads', 'help'];
  for (const name of args.keys()) if (!known.includes(name)) throw new Error(`unknown option --${name}`);

  const base = args.has('quick') ? { ...DEFAULTS, ...QUICK } : { ...DEFAULTS };
  const options = { ...base, help: args.has('help') };
  if (args.has('runs')) options.runs = positive('runs', args.get('runs'), { integer: true });
  if (args.has('duration')) options.durationS = positive('duration', args.get('duration'), { min: 5 });
  if (args.has('heap-at')) {
    options.heapAtS = args
      .get('heap-at')
      .split(',')
      .map((s) => positive('heap-at', s, { min: 1 }))
      .sort((a, b) => a - b);
  }
  if (args.has('profile')) options.profile = args.get('profile');
  if (args.has('startup-loads')) {
    options.startupLoads = positive('startup-loads', args.get('startup-loads'), { integer: true, min: 0 });
  }
  options.profileSteps = parseProfile(options.profile);
  if (args.has('players')) {
    options.players = args
      .get('players')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = options.players.filter((id) => !PLAYER_IDS.includes(id));
    if (unknown.length || !options.players.length) {
      throw new Error(`--players: unknown ${unknown.join(', ') || '(none given)'}; pick from ${PLAYER_IDS.join(', ')}`);
    }
  }
  // One playback session serves latency (its first --duration seconds) and heap (sampled at
  // each --heap-at second), so it lasts as long as the longer of the two.
  options.sessionS = Math.max(options.durationS, ...options.heapAtS);
  return options;
}

export const USAGE = `npm run bench [-- options]
  --quick              about 95 s a player: ${QUICK.runs} run, ${QUICK.durationS} s sessions, heap at ${QUICK.heapAtS.join(' and ')} s, profile ${QUICK.profile}
  --runs=N             runs per player; the table shows medians (default ${DEFAULTS.runs})
  --duration=S         seconds of live latency per session (default ${DEFAULTS.durationS})
  --heap-at=S1,S2      seconds after navigation at which the JS heap is read (default ${DEFAULTS.heapAtS.join(',')})
  --profile=K:S,...    network profile, kbps:seconds steps from the first frame (default ${DEFAULTS.profile})
  --players=a,b        any of ${PLAYER_IDS.join(', ')} (default: all)
  --startup-loads=K    cold and warm start-ups per player and run, players interleaved, for the first-frame figures (default ${DEFAULTS.startupLoads}; 0: the playback session's own)`;
