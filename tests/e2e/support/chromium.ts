/**
 * Debian's Chromium on a machine with no internet: no sandbox (root in CI), no GPU, and none
 * of the background services that would try to reach Google.
 */
export const CHROMIUM_BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Headless Chromium applies the desktop autoplay policy: sound needs a user gesture or an
 * engaged site. The default run emulates an engaged visitor (sound allowed) so the parameters'
 * own effect is visible; the autoplay-blocking journeys launch with BLOCK_SOUND_AUTOPLAY.
 */
export const ALLOW_SOUND_AUTOPLAY = '--autoplay-policy=no-user-gesture-required';
export const BLOCK_SOUND_AUTOPLAY = '--autoplay-policy=user-gesture-required';

/**
 * Desktop Chrome's own policy: sound needs the visitor's activation of the page, and a
 * cross-site frame shares the host page's only when the iframe allows autoplay. The journeys
 * about the iframe's `allow` attribute launch with it.
 */
export const DESKTOP_AUTOPLAY_POLICY = '--autoplay-policy=document-user-activation-required';

/**
 * A real WebGPU adapter without a GPU: SwiftShader (vendor `google`, architecture
 * `swiftshader`), as the GPU-surface journeys need. `--enable-unsafe-webgpu` alone gives an
 * adapter and a device, but its canvas cannot present (the swap chain finds no shared-image
 * backing and the device is lost after one frame); with Vulkan on SwiftShader in the GPU
 * process the canvas presents, and importExternalTexture from the video works too. Without
 * `--disable-gpu`, which would take the GPU process's Vulkan away.
 */
export const WEBGPU_SWIFTSHADER_ARGS = [
  ...CHROMIUM_BASE_ARGS.filter((arg) => arg !== '--disable-gpu'),
  '--enable-unsafe-webgpu',
  '--enable-features=Vulkan',
  '--use-vulkan=swiftshader',
  '--use-angle=swiftshader',
];

/**
 * The engine's lab page is answered by Playwright's router, not by the platform, so Chromium
 * treats it as a public page and refuses its websockets to loopback (Local Network Access:
 * ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS). The embed itself comes from the platform on
 * loopback and needs nothing; a lab journey that reaches the stand-in cast relay does.
 */
export const LAB_LOCAL_NETWORK = '--disable-features=LocalNetworkAccessChecks';
