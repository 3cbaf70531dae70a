#!/usr/bin/env bash
# Regenerates the live HLS fixture in apps/platform/media/fixture: an 8 s ABR
# ladder that the platform's origin loops on the wall clock. Run it only when
# the fixture needs to change; its output is committed and nothing encodes at
# serving time.
#
# Usage: bash scripts/make-fixture.sh
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out_dir="$repo_root/apps/platform/media/fixture"
font_dir="/usr/share/fonts/truetype/dejavu"
font="$font_dir/DejaVuSansMono-Bold.ttf"

if ! command -v ffmpeg >/dev/null 2>&1; then
  echo "make-fixture: ffmpeg not found. Install it first, e.g.: sudo apt-get install ffmpeg" >&2
  exit 1
fi
if [[ ! -f "$font" ]]; then
  echo "make-fixture: font $font not found (apt-get install fonts-dejavu-core)" >&2
  exit 1
fi

# Why 8 s: an AAC frame is 1024 samples at 48 kHz, so L seconds hold
# 46.875 * L = 375 * L / 8 frames, a whole number only when L (whole seconds,
# for 1 s segments) is a multiple of 8. 8 s is the loop length near 10 s at
# which AAC frames tile exactly (375 frames; 10 s would be 468.75), so audio
# and video loop forever with zero drift.
readonly LOOP_SECONDS=8
readonly FPS=30

work_dir="$(mktemp -d)"
trap 'rm -rf "$work_dir"' EXIT

# name width height video_kbps audio_kbps gop_frames
# The lowest rendition has a keyframe in every 200 ms part (gop 6): it is where
# a player steps down to when the bandwidth collapses, and an independent part
# lets it start at the part it needs instead of at its segment's first part,
# which over the collapsed link can be 5x the bytes. Its pictures are the
# worst of the ladder anyway; the others keep one keyframe per 1 s segment.
renditions=(
  "160p 284 160 250 64 6"
  "360p 640 360 600 96 30"
  "480p 854 480 1000 96 30"
  "720p 1280 720 2000 96 30"
)

packager_args=()
for spec in "${renditions[@]}"; do
  read -r name width height vkbps akbps gop <<<"$spec"
  echo "make-fixture: encoding $name (${width}x${height}, ${vkbps}k video)"

  # Burned-in rendition name, loop time and frame number, so a screenshot
  # tells exactly what is playing. Computed from the frame number n, not from
  # floating-point t, so the millisecond digits are exact.
  label="drawtext=fontfile=$font:text='$name':fontsize=h/8:fontcolor=white"
  label+=":box=1:boxcolor=black@0.6:boxborderw=8:x=(w-tw)/2:y=h*0.12"
  clock="drawtext=fontfile=$font"
  clock+=":text='t=%{eif\\:trunc(n/$FPS)\\:d\\:2}.%{eif\\:trunc(mod(n\\,$FPS)*1000/$FPS)\\:d\\:3}  f=%{eif\\:n\\:d\\:3}'"
  clock+=":fontsize=h/10:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=8:x=(w-tw)/2:y=h*0.7"

  # A steady 440 Hz tone with an 80 ms 880 Hz beep at the start of each second.
  # Integer frequencies complete whole cycles in 8 s, so the loop seam is clean.
  tone="aevalsrc='0.25*sin(2*PI*440*t)+if(lt(mod(t\\,1)\\,0.08)\\,0.4*sin(2*PI*880*t)\\,0)'"
  tone+=":s=48000:c=stereo:d=$LOOP_SECONDS"

  # Capped VBR with a half-second buffer keeps 1 s segments close in size.
  # -g/-keyint_min with scene-cut detection off puts a keyframe exactly every
  # gop frames (a divisor of 30, so every 1 s segment starts with one); -bf 0
  # keeps decode order equal to presentation order.
  # One encoder thread: with frame threads x264's VBV is not deterministic,
  # and a re-run should reproduce the committed bytes.
  ffmpeg -hide_banner -loglevel error -nostdin -y \
    -f lavfi -i "testsrc2=size=${width}x${height}:rate=$FPS:duration=$LOOP_SECONDS" \
    -f lavfi -i "$tone" \
    -vf "$label,$clock,format=yuv420p" \
    -c:v libx264 -threads 1 -profile:v main -preset medium -pix_fmt yuv420p -r "$FPS" \
    -bf 0 -g "$gop" -keyint_min "$gop" -sc_threshold 0 \
    -b:v "${vkbps}k" -maxrate "$((vkbps * 6 / 5))k" -bufsize "$((vkbps / 2))k" \
    -c:a aac -profile:a aac_low -b:a "${akbps}k" -ar 48000 -ac 2 \
    -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    -movflags +frag_keyframe+empty_moov+default_base_moof -use_editlist 0 \
    -video_track_timescale 90000 \
    -f mp4 "$work_dir/$name.mp4"

  packager_args+=("$name=$work_dir/$name.mp4")
done

# ffmpeg's own fragments have an odd first video duration and one AAC frame
# too many; the packager re-cuts every sample onto the canonical grid.
cd "$repo_root"
npx tsx apps/platform/src/origin/package-fixture.ts "$out_dir" "${packager_args[@]}"
du -sb "$out_dir"

# The MPEG-TS channel (apps/platform/src/origin/ts-routes.ts): the lowest
# rendition's loop, transmuxed as it is (no re-encode) into eight 1 s MPEG-TS
# segments, for the player's compatibility sink (hls.js): our own engine plays
# fMP4 only and declines these.
ts_dir="$repo_root/apps/platform/media/fixture-ts/160p"
rm -rf "$ts_dir"
mkdir -p "$ts_dir"
cat "$out_dir/160p/init.mp4" "$out_dir/160p/fragments.mp4" > "$work_dir/160p-loop.mp4"
ffmpeg -hide_banner -loglevel error -nostdin -y -i "$work_dir/160p-loop.mp4" -c copy \
  -f hls -hls_time 1 -hls_list_size 0 -hls_segment_type mpegts \
  -hls_segment_filename "$ts_dir/seg-%d.ts" "$work_dir/160p-ts.m3u8"
du -sb "$ts_dir"
