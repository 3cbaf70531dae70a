/**
 * Whether the browser lets this page start playback with sound now, asked of a tiny silent,
 * muted `<audio>` (the autoplay policy applies to every media element of a document alike,
 * and an audio element never gets the muted-video exemption, so its answer is the one for
 * sound).
 *
 * Why the player asks at all: Chromium does not apply its autoplay policy to a `<video>` whose
 * `srcObject` is a worker MediaSource's handle the way it does to `src` (measured here with
 * `--autoplay-policy=user-gesture-required`: 6 of 8 unmuted `play()` calls resolved, with
 * sound). A page that would be refused sound must not get it through our worker engine, so
 * before an unmuted play on that sink the player asks here and, if refused, starts muted and
 * says so (`audio-blocked`), as on every other sink.
 */

/**
 * The probe: 0.1 s of 8 kHz, 8-bit mono PCM silence as a WAV file (a 44-byte RIFF header, then
 * 800 samples of 128, the unsigned 8-bit zero), as a data: URL: no request, nothing for a
 * CSP's media-src beyond `data:`. Written out rather than built at run time, which cost more
 * bytes of code than the URL itself; sound-autoplay.test.ts checks every field of it.
 */
export const SILENT_WAV_URL = `data:audio/wav;base64,UklGRkQDAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YSADAACA${'gICA'.repeat(266)}gA==`;

/**
 * How long the probe waits for a refusal. Chromium refuses in the same task as play() (0–1 ms
 * here); an allowed play resolves only once the WAV has loaded (~280 ms here), which the
 * player need not wait for: no refusal by then means allowed.
 */
export const SOUND_PROBE_WAIT_MS = 100;

/**
 * True unless the browser refuses to start the probe (NotAllowedError). The probe is a
 * *muted* `<audio>`: Chromium exempts only muted video from its sound policy, so a muted audio
 * element is refused exactly when sound would be, and, producing no sound, it takes no audio
 * focus (an audible probe that started late took the focus and paused the stream it was
 * asked for). Any other failure says nothing about the policy: the element's own play()
 * decides then.
 */
export async function soundAutoplayAllowed(): Promise<boolean> {
  if (typeof Audio === 'undefined') return true;
  const probe = new Audio();
  probe.muted = true;
  probe.src = SILENT_WAV_URL;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const playing = probe.play();
  // Stopped below before it may settle: that AbortError is nobody's to report.
  playing.catch(() => undefined);
  try {
    await Promise.race([playing, new Promise<void>((resolve) => (timer = setTimeout(resolve, SOUND_PROBE_WAIT_MS)))]);
    return true;
  } catch (error) {
    return (error as DOMException | undefined)?.name !== 'NotAllowedError';
  } finally {
    clearTimeout(timer);
    probe.pause();
    probe.removeAttribute('src');
    probe.load();
  }
}
