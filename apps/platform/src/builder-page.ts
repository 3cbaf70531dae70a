/**
 * The embed builder's page (GET /builder): server-rendered HTML with the channel list in it,
 * so the page needs no API call to start and works as a form even before its script runs.
 * Everything interactive (preview, snippet, log) is builder/builder.js, loaded from 'self':
 * the page has no inline script or style, and every value written into it is escaped here.
 */

export interface BuilderChannel {
  slug: string;
  username: string;
  live: boolean;
}

export interface BuilderPageInput {
  channels: readonly BuilderChannel[];
  /** The platform's origin as the request reached it: the snippets' embed and SDK URLs. */
  origin: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content and quoted attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The channel the preview starts on: the first live one, else the first. */
export function initialChannel(channels: readonly BuilderChannel[]): string | undefined {
  return (channels.find((c) => c.live) ?? channels[0])?.slug;
}

function channelOptions(channels: readonly BuilderChannel[]): string {
  const selected = initialChannel(channels);
  return channels
    .map((c) => {
      const label = `${c.username} (${c.slug}), ${c.live ? 'live' : 'offline'}`;
      const attributes = `value="${escapeHtml(c.slug)}"${c.slug === selected ? ' selected' : ''}`;
      return `<option ${attributes}>${escapeHtml(label)}</option>`;
    })
    .join('\n            ');
}

const check = (name: string, label: string, on: boolean) =>
  `<label class="check"><input type="checkbox" name="${name}"${on ? ' checked' : ''} /> ${label}</label>`;

export function renderBuilderPage({ channels, origin }: BuilderPageInput): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Embed builder · OnAir</title>
    <link rel="stylesheet" href="/builder/builder.css" />
    <script src="/sdk/onair-embed.js" defer></script>
    <script src="/builder/builder.js" defer></script>
  </head>
  <body data-origin="${escapeHtml(origin)}">
    <header>
      <h1>Embed builder</h1>
      <p>Pick a channel and the player's options, watch the preview, and copy the code for your page.</p>
    </header>
    <main>
      <section class="options" aria-labelledby="options-heading">
        <h2 id="options-heading">Options</h2>
        <form id="options">
          <label for="channel">Channel</label>
          <select id="channel" name="channel">
            ${channelOptions(channels)}
          </select>
          <fieldset>
            <legend>Player</legend>
            ${check('muted', 'Start muted', false)}
            ${check('autoplay', 'Play automatically', true)}
            ${check('allowfullscreen', 'Allow fullscreen', true)}
            ${check('audioOnlyWhenHidden', 'Sound only after 30 s out of sight', false)}
          </fieldset>
        </form>
      </section>
      <section class="preview" aria-labelledby="preview-heading">
        <h2 id="preview-heading">Preview</h2>
        <div id="preview" class="frame"></div>
        <div class="api" role="group" aria-label="Try the host-page API">
          <button type="button" data-command="play">Play</button>
          <button type="button" data-command="pause">Pause</button>
          <button type="button" data-command="mute">Mute</button>
          <button type="button" data-command="unmute">Unmute</button>
          <button type="button" data-command="goLive">Go live</button>
          <button type="button" data-command="getStats">Get stats</button>
          <button type="button" data-command="getState">Get state</button>
          <button type="button" data-command="captionsOn">Captions on</button>
          <button type="button" data-command="captionsOff">Captions off</button>
          <button type="button" data-command="allowAnalytics">Allow analytics</button>
          <button type="button" data-command="audioOnly">Audio only</button>
          <button type="button" data-command="showVideo">Show video</button>
        </div>
      </section>
      <section class="code" aria-labelledby="code-heading">
        <h2 id="code-heading">Code</h2>
        <fieldset>
          <legend>Embed with</legend>
          <label class="check"><input type="radio" name="snippet-kind" value="iframe" checked /> An iframe (HTML only)</label>
          <label class="check"><input type="radio" name="snippet-kind" value="sdk" /> The SDK (a script, with the player's events)</label>
        </fieldset>
        <label for="snippet">Code to paste into your page</label>
        <textarea id="snippet" readonly rows="11" spellcheck="false"></textarea>
        <div class="copy">
          <button type="button" id="copy">Copy</button>
          <p id="copy-status" role="status"></p>
        </div>
      </section>
      <section class="events" aria-labelledby="events-heading">
        <h2 id="events-heading">Events</h2>
        <p>What the preview tells its page through the host-page API, most recent last.</p>
        <label class="check"><input type="checkbox" id="show-telemetry" /> Show telemetry events</label>
        <label class="check"><input type="checkbox" id="show-metadata" /> Show timed metadata events</label>
        <div class="log" tabindex="0" role="region" aria-label="Event log">
          <ol id="events" aria-live="off"></ol>
        </div>
      </section>
    </main>
  </body>
</html>
`;
}
