// The package README's example, as a site's own app bundles it: the embed's origin is passed
// (here from the page's query, as the journey knows it), since a bundled SDK cannot infer it.
import { OnAirCommandError, OnAirPlayer, type EventName } from '@onair/embed-sdk';

const origin = new URLSearchParams(location.search).get('origin') ?? '';
const player = new OnAirPlayer(document.getElementById('player')!, { channel: 'studio-live', muted: true, origin });
const heard: EventName[] = [];
for (const name of ['ready', 'online', 'playing', 'pause'] as const) player.on(name, () => heard.push(name));

/** What a command answered: 'ok', or the reason it was refused. */
async function answer(command: () => Promise<unknown>): Promise<string> {
  try {
    await command();
    return 'ok';
  } catch (error) {
    return error instanceof OnAirCommandError ? error.reason : String(error);
  }
}

// For the journey.
(window as unknown as Record<string, unknown>).sdkApp = { player, heard, answer, OnAirPlayer };
