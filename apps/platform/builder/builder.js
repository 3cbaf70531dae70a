// The embed builder (GET /builder): a live preview made with the host SDK (the `OnAir` global of
// /sdk/onair-embed.js, loaded just before this file), the snippet for the chosen options, and a
// log of the preview's events. Plain browser JavaScript with no build step; everything the page
// shows from the API or the options is written as text (textContent, textarea values), never
// as markup.
(() => {
  'use strict';

  /** Rows the log keeps: enough to follow a start-up, few enough to stay light. */
  const LOG_LIMIT = 50;
  /** How long "Copied" stays: long enough to read, gone before the next copy. */
  const STATUS_MS = 4000;

  const byId = (id) => document.getElementById(id);
  const form = byId('options');
  const channel = byId('channel');
  const preview = byId('preview');
  const snippet = byId('snippet');
  const copyButton = byId('copy');
  const copyStatus = byId('copy-status');
  const log = byId('events');
  const showTelemetry = byId('show-telemetry');
  const showMetadata = byId('show-metadata');
  const origin = document.body.dataset.origin;
  const sdk = window.OnAir;

  const options = () => ({
    channel: channel.value,
    muted: form.elements.muted.checked,
    autoplay: form.elements.autoplay.checked,
    allowfullscreen: form.elements.allowfullscreen.checked,
    audioOnlyWhenHidden: form.elements.audioOnlyWhenHidden.checked,
  });

  const snippetKind = () => document.querySelector('input[name="snippet-kind"]:checked').value;

  const attribute = (value) =>
    value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  /** The iframe the SDK would create, as HTML: the same attributes by construction. */
  function iframeSnippet(chosen) {
    const attributes = Object.entries(sdk.frameAttributes(origin, chosen))
      .map(([name, value]) => (value === '' ? name : `${name}="${attribute(value)}"`))
      .join('\n  ');
    return `<iframe\n  ${attributes}\n></iframe>`;
  }

  /** A script literal that cannot close the <script> element it is pasted into. */
  const literal = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

  function sdkSnippet(chosen) {
    return [
      '<div id="onair-player"></div>',
      `<script src="${attribute(origin)}/sdk/onair-embed.js"></script>`,
      '<script>',
      "  const player = new OnAir.OnAirPlayer('onair-player', {",
      `    channel: ${literal(chosen.channel)},`,
      `    muted: ${chosen.muted},`,
      `    autoplay: ${chosen.autoplay},`,
      `    allowfullscreen: ${chosen.allowfullscreen},`,
      // Off is the default: written only when on, as the iframe's URL does.
      ...(chosen.audioOnlyWhenHidden ? ['    audioOnlyWhenHidden: true,'] : []),
      '  });',
      "  player.on('ready', (event) => console.log('OnAir ready:', event.channel));",
      "  player.on('error', (event) => console.log('OnAir error:', event.message));",
      '</script>',
    ].join('\n');
  }

  function showSnippet() {
    const chosen = options();
    snippet.value = snippetKind() === 'sdk' ? sdkSnippet(chosen) : iframeSnippet(chosen);
  }

  const clock = () => new Date().toLocaleTimeString('en-GB', { hour12: false });

  /** One row, most recent last; the oldest goes past LOG_LIMIT. Text only. */
  function addRow(name, detail, kind) {
    const scroller = log.parentElement;
    const atBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 8;
    const row = document.createElement('li');
    if (kind) row.className = kind;
    const time = document.createElement('time');
    time.textContent = clock();
    const label = document.createElement('span');
    label.className = 'name';
    label.textContent = name;
    row.append(time, ' ', label);
    if (detail) {
      const code = document.createElement('code');
      code.textContent = detail;
      row.append(' ', code);
    }
    log.append(row);
    while (log.children.length > LOG_LIMIT) log.firstElementChild.remove();
    // Follow new rows, unless the reader scrolled up to read older ones.
    if (atBottom) scroller.scrollTop = scroller.scrollHeight;
  }

  function logEvent(event) {
    if (event.event === 'telemetry' && !showTelemetry.checked) return;
    // A stream may carry timed metadata every second: shown when asked for.
    if (event.event === 'metadata' && !showMetadata.checked) return;
    const { event: name, ...payload } = event;
    addRow(name, Object.keys(payload).length ? JSON.stringify(payload) : '');
  }

  let player = null;

  function showPreview() {
    player?.destroy();
    const chosen = options();
    addRow(`preview: ${chosen.channel}`, '', 'note');
    player = new sdk.OnAirPlayer(preview, { ...chosen, width: '100%', height: '100%' });
    for (const name of sdk.EVENT_NAMES) player.on(name, logEvent);
  }

  const COMMANDS = {
    play: (p) => p.play(),
    pause: (p) => p.pause(),
    mute: (p) => p.setMuted(true),
    unmute: (p) => p.setMuted(false),
    goLive: (p) => p.goLive(),
    getStats: (p) => p.getStats(),
    getState: (p) => p.getPlayerState(),
    captionsOn: async (p) => {
      const { tracks } = await p.getCaptions();
      if (tracks.length === 0) throw Object.assign(new Error('no captions'), { reason: 'this stream has no captions' });
      return p.setCaptions(tracks[0].id);
    },
    captionsOff: (p) => p.setCaptions(null),
    // The host page's consent banner, as a site would wire it (docs/consent.md).
    allowAnalytics: (p) => p.setConsent({ performance: true, targeting: true }),
    audioOnly: (p) => p.setAudioOnly(true),
    showVideo: (p) => p.setAudioOnly(false),
  };

  async function runCommand(name) {
    const current = player;
    try {
      const value = await COMMANDS[name](current);
      addRow(`${name} → ok`, value === undefined ? '' : JSON.stringify(value), 'reply');
    } catch (error) {
      // A reply that arrives for a preview since replaced is not worth a row.
      if (current === player) addRow(`${name} → failed`, error.reason ?? error.message, 'reply');
    }
  }

  let statusTimer = 0;
  function say(text) {
    clearTimeout(statusTimer);
    copyStatus.textContent = text;
    statusTimer = setTimeout(() => (copyStatus.textContent = ''), STATUS_MS);
  }

  async function copySnippet() {
    try {
      await navigator.clipboard.writeText(snippet.value);
      say('Copied');
    } catch {
      // No clipboard access (an insecure page, a denied permission): the code is selected instead.
      snippet.focus();
      snippet.select();
      say('Could not copy: the code is selected, copy it with Ctrl+C (⌘C on a Mac)');
    }
  }

  if (!sdk) {
    preview.textContent = 'The host SDK is not built: run npm start (or node scripts/build-sdk.mjs) and reload.';
    return;
  }
  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('change', () => {
    showSnippet();
    showPreview();
  });
  for (const radio of document.querySelectorAll('input[name="snippet-kind"]')) {
    radio.addEventListener('change', showSnippet);
  }
  for (const button of document.querySelectorAll('button[data-command]')) {
    button.addEventListener('click', () => runCommand(button.dataset.command));
  }
  copyButton.addEventListener('click', copySnippet);
  showSnippet();
  showPreview();
})();
