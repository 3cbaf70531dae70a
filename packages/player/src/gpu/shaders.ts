/**
 * The GPU path's shaders (WGSL), our own, in the spirit of FSR 1: an edge-adaptive upscale
 * (EASU's idea) as a compute pass with 16 × 16 workgroups (SPEC §9), then a render pass that draws
 * it on the canvas with a contrast-limited sharpen (RCAS's idea).
 *
 * Upscale: each output pixel looks at the 4 × 4 source texels around it. The luma gradient of
 * the centre 2 × 2 gives an edge direction and strength; the filter is a Lanczos-2-like kernel
 * stretched along the edge and narrowed across it (stronger edges, more anisotropy), so edges
 * stay sharp where a bilinear upscale smears them. The result is clamped to the min/max of the
 * nearest 2 × 2 texels, so the kernel's negative lobes cannot ring.
 *
 * Sharpen: a 5-tap cross; the sharpening weight is the largest that keeps every tap within
 * [0, 1] given the neighbours' min and max (no clipping, no halos), at most 3/16, scaled by
 * `sharpness` (0 … 1). It runs in the render pass that draws the canvas (PRESENT_WGSL).
 */
/** The compute pass's workgroup is SPEC §9's (16 × 16) unless the settings say otherwise. */
export const upscaleWgsl = (workgroup: { x: number; y: number }): string => /* wgsl */ `
struct Params { srcSize: vec2f, dstSize: vec2f, sharpness: f32, pad: f32, pad2: vec2f }
@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var dst: texture_storage_2d<rgba8unorm, write>;
@group(0) @binding(2) var<uniform> params: Params;

fn luma(c: vec3f) -> f32 { return dot(c, vec3f(0.299, 0.587, 0.114)); }

fn lanczos2(x2: f32) -> f32 {
  // A cheap Lanczos-2 approximation on the squared distance (as FSR 1 does): zero at 2.
  let w = clamp(x2, 0.0, 4.0);
  let a = (2.0 / 5.0) * w - 1.0;
  let b = (1.0 / 4.0) * w - 1.0;
  return (25.0 / 16.0 * a * a - (25.0 / 16.0 - 1.0)) * (b * b);
}

@compute @workgroup_size(${workgroup.x}, ${workgroup.y})
fn main(@builtin(global_invocation_id) id: vec3u) {
  if (f32(id.x) >= params.dstSize.x || f32(id.y) >= params.dstSize.y) { return; }
  let scale = params.srcSize / params.dstSize;
  let pos = (vec2f(id.xy) + 0.5) * scale - 0.5;
  let base = vec2i(floor(pos));
  let f = pos - floor(pos);
  let last = vec2i(params.srcSize) - vec2i(1);

  // The 4 x 4 texels around the position, read once (index 5, 6, 9, 10 are the centre 2 x 2).
  var taps: array<vec3f, 16>;
  for (var j = 0; j < 4; j++) {
    for (var i = 0; i < 4; i++) {
      taps[j * 4 + i] = textureLoad(src, clamp(base + vec2i(i - 1, j - 1), vec2i(0), last), 0).rgb;
    }
  }
  let c00 = taps[5]; let c10 = taps[6]; let c01 = taps[9]; let c11 = taps[10];

  // Edge direction from the centre 2 x 2 luma gradient.
  let l00 = luma(c00); let l10 = luma(c10); let l01 = luma(c01); let l11 = luma(c11);
  var dir = vec2f((l10 - l00) + (l11 - l01), (l01 - l00) + (l11 - l10));
  let len2 = dot(dir, dir);
  let strength = clamp(sqrt(len2) * 4.0, 0.0, 1.0);
  dir = select(vec2f(1.0, 0.0), dir * inverseSqrt(max(len2, 1e-8)), len2 > 1e-8);
  // Along the edge (perpendicular to the gradient) the kernel stretches; across it, it narrows.
  let along = vec2f(-dir.y, dir.x);
  let stretch = 1.0 + strength;
  let squeeze = 1.0 / (1.0 + strength);

  var sum = vec3f(0.0);
  var weight = 0.0;
  for (var j = 0; j < 4; j++) {
    for (var i = 0; i < 4; i++) {
      let offset = vec2f(f32(i - 1), f32(j - 1)) - f;
      let u = dot(offset, dir) * stretch;
      let v = dot(offset, along) * squeeze;
      let w = lanczos2(u * u + v * v);
      sum += taps[j * 4 + i] * w;
      weight += w;
    }
  }
  var color = sum / max(weight, 1e-5);
  // Ring suppression: within the nearest 2 x 2 texels' range.
  color = clamp(color, min(min(c00, c10), min(c01, c11)), max(max(c00, c10), max(c01, c11)));
  textureStore(dst, vec2i(id.xy), vec4f(color, 1.0));
}
`;

/**
 * The render pass: one triangle over the canvas, each fragment the upscaled pixel under it
 * sharpened (the canvas and the upscaled image have the same size, so the fragment's position
 * is the texel's). Sharpening here rather than in a third compute pass saves a full-size
 * texture write and read per frame.
 */
export const PRESENT_WGSL = /* wgsl */ `
struct Params { srcSize: vec2f, dstSize: vec2f, sharpness: f32, pad: f32, pad2: vec2f }
@group(0) @binding(0) var image: texture_2d<f32>;
@group(0) @binding(1) var<uniform> params: Params;

@vertex
fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4f {
  let xy = vec2f(f32((i << 1u) & 2u), f32(i & 2u));
  return vec4f(xy * 2.0 - 1.0, 0.0, 1.0);
}

fn at(p: vec2i) -> vec3f {
  return textureLoad(image, clamp(p, vec2i(0), vec2i(params.dstSize) - vec2i(1)), 0).rgb;
}

@fragment
fn fs(@builtin(position) position: vec4f) -> @location(0) vec4f {
  let p = vec2i(position.xy);
  let c = at(p);
  let n = at(p + vec2i(0, -1)); let s = at(p + vec2i(0, 1));
  let e = at(p + vec2i(1, 0)); let w = at(p + vec2i(-1, 0));
  let lo = min(min(n, s), min(e, w));
  let hi = max(max(n, s), max(e, w));
  // The most negative lobe that keeps the result within [0, 1] (RCAS's limit), per channel; the
  // gentlest channel wins, and no lobe beyond -3/16 (RCAS's maximum).
  let hitMin = lo / max(4.0 * hi, vec3f(1e-5));
  let hitMax = (1.0 - hi) / min(4.0 * lo - 4.0, vec3f(-1e-5));
  let perChannel = max(-hitMin, hitMax);
  let lobe = max(-0.1875, min(max(perChannel.r, max(perChannel.g, perChannel.b)), 0.0)) * params.sharpness;
  let color = (c + lobe * (n + s + e + w)) / (1.0 + 4.0 * lobe);
  return vec4f(clamp(color, vec3f(0.0), vec3f(1.0)), 1.0);
}
`;

/**
 * Zero-copy capture (importExternalTexture): the decoder's frame, whatever its format (often
 * YUV), drawn once into an RGBA texture of the video's size, so the upscale reads one format.
 */
export const CAPTURE_EXTERNAL_WGSL = /* wgsl */ `
@group(0) @binding(0) var frame: texture_external;
@group(0) @binding(1) var linear: sampler;
struct Out { @builtin(position) position: vec4f, @location(0) uv: vec2f }

@vertex
fn vs(@builtin(vertex_index) i: u32) -> Out {
  let xy = vec2f(f32((i << 1u) & 2u), f32(i & 2u));
  var out: Out;
  out.position = vec4f(xy * 2.0 - 1.0, 0.0, 1.0);
  out.uv = vec2f(xy.x, 1.0 - xy.y);
  return out;
}

@fragment
fn fs(in: Out) -> @location(0) vec4f {
  return vec4f(textureSampleBaseClampToEdge(frame, linear, in.uv).rgb, 1.0);
}
`;
