// The conformance run needs Debian's Chromium and Debian's ffmpeg (the packager of its corpus):
// installed with apt-get as root in CI, otherwise it says what to run.
import { ensureChromium, ensureFfmpeg } from '../../scripts/lib.mjs';

export default function globalSetup() {
  if (!ensureChromium() || !ensureFfmpeg()) throw new Error('the conformance run needs Chromium and ffmpeg');
}
