// `npm run bench:heap [-- --players=embed,hlsjs-ll --at=10]`: what each player's page heap is
// made of. The bench's cost table gives one figure (the JS heap used at 10 s, after a
// collection); this says where it goes, so a change aimed at it can be aimed. Per player, one
// cold load at 1280×720, a collection at --at seconds, then a heap snapshot of the page (the
// engine's worker has a heap of its own and is not in it), summed by V8's node types (code,
// strings, object shapes, closures, …) and by the largest kinds within them, next to the heap
// used as the bench reads it. A benchmark, not a test: it reports and never judges.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './lib/chromium.mjs';
import { players as allPlayers } from './lib/players.mjs';
import { installProbe } from './lib/probe.mjs';
import { builtEmbedDir, ensureBenchDependencies, startPlatform } from './lib/setup.mjs';
import { prepareSite } from './lib/site.mjs';

function parse(argv) {
  const options = { players: ['embed', 'hlsjs-ll'], atS: 10, top: 20 };
  for (const arg of argv) {
    const [key, value] = arg.replace(/^--/, '').split('=');
    if (key === 'players') options.players = value.split(',');
    else if (key === 'at') options.atS = Number(value);
    else if (key === 'top') options.top = Number(value);
    else throw new Error(`unknown option ${arg} (--players=a,b --at=S --top=N)`);
  }
  if (!(options.atS >= 1) || !(options.top >= 1)) throw new Error('--at from 1 s, --top from 1');
  return options;
}

/** Self sizes of a heap snapshot, summed by node type and by type and name. */
export function heapComposition(snapshot) {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((k) => fields.indexOf(k));
  const byType = new Map();
  const byKind = new Map();
  let total = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]];
    const size = snapshot.nodes[i + sizeAt];
    // A string's name is its text: strings are one kind.
    const name = type.includes('string') ? '' : snapshot.strings[snapshot.nodes[i + nameAt]].slice(0, 60);
    const kind = `${type}${name ? `: ${name}` : ''}`;
    total += size;
    byType.set(type, (byType.get(type) ?? 0) + size);
    byKind.set(kind, (byKind.get(kind) ?? 0) + size);
  }
  const sorted = (map) => [...map].sort((a, b) => b[1] - a[1]);
  return { total, byType: sorted(byType), byKind: sorted(byKind) };
}

async function snapshotOf(cdp) {
  const chunks = [];
  const onChunk = (event) => chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  return JSON.parse(chunks.join(''));
}

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

async function main() {
  const options = parse(process.argv.slice(2));
  ensureBenchDependencies();
  const list = allPlayers(options.players);
  const site = prepareSite(await builtEmbedDir(), list);
  const platform = await startPlatform({ embedDir: site.dir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    for (const player of list) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      try {
        const page = await context.newPage();
        await page.addInitScript(installProbe, 100);
        if (player.initScript) await page.addInitScript(player.initScript);
        const cdp = await context.newCDPSession(page);
        await page.goto(`${platform.base}${player.page.path}`);
        const now = await page.evaluate(() => performance.now());
        await page.waitForTimeout(Math.max(0, options.atS * 1000 - now));
        await cdp.send('HeapProfiler.enable');
        await cdp.send('HeapProfiler.collectGarbage');
        const { usedSize } = await cdp.send('Runtime.getHeapUsage');
        const { total, byType, byKind } = heapComposition(await snapshotOf(cdp));
        console.log(`\n${player.label}: heap used ${kib(usedSize)} at ${options.atS} s; snapshot ${kib(total)} in all`);
        console.log(`  by type: ${byType.map(([type, size]) => `${type} ${kib(size)}`).join(', ')}`);
        for (const [kind, size] of byKind.slice(0, options.top)) console.log(`  ${kib(size).padStart(9)}  ${kind}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await platform.stop();
    site.remove();
  }
}

await main();
