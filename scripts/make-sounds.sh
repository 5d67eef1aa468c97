#!/usr/bin/env bash
# Synthesise the two short game sounds with SoX (no samples, no randomness: reproducible).
#
#   bash scripts/make-sounds.sh
#
# Needs sox (Debian: apt-get update && apt-get install -y sox).
#
# Writes 16-bit mono 22.05 kHz WAV: plays in Chromium/Firefox, Android WebView and iOS WKWebView
# with no codec or encoder delay (an MP3 would start ~25 ms late and needs an extra SoX plugin),
# and stays under 10 KB because each sound is shorter than 200 ms.
#   assets/sounds/move.wav     soft wooden "tock": a lacquered token set down on the board
#   assets/sounds/capture.wav  brighter double "clack": one token knocks another off
set -euo pipefail
cd "$(dirname "$0")/.."

command -v sox >/dev/null || {
  echo "make-sounds: 'sox' not found; apt-get install -y sox" >&2
  exit 1
}

OUT=assets/sounds
mkdir -p "$OUT"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

FMT=(-r 22050 -c 1 -b 16)
# The noise and pluck generators are random: -R seeds them with a fixed number ("repeatable"
# mode), so reruns write byte-identical files. -D: no dither (already 16 bit throughout).
SOX=(sox -R -D -V1)

# knock OUT LENGTH BODY_HZ PARTIAL_HZ CLICK_HZ
# A wooden knock = a damped plucked body (Karplus-Strong, SoX `pluck`) + one inharmonic partial
# (wood is not a string) + a 6 ms filtered noise click for the contact, all decaying fast.
knock() {
  local out=$1 len=$2 body=$3 partial=$4 click=$5
  "${SOX[@]}" -n "${FMT[@]}" "$TMP/body.wav" synth "$len" pluck "$body" fade l 0 "$len" "$len"
  "${SOX[@]}" -n "${FMT[@]}" "$TMP/partial.wav" synth "$len" sine "$partial" \
    fade l 0.001 "$len" "$(awk -v l="$len" 'BEGIN { print l - 0.002 }')" vol 0.35
  "${SOX[@]}" -n "${FMT[@]}" "$TMP/click.wav" synth 0.006 whitenoise \
    sinc "$((click / 2))-$((click * 2))" fade h 0 0.006 0.005 vol 0.5 pad 0 "$len" trim 0 "$len"
  "${SOX[@]}" -m "$TMP/body.wav" "$TMP/partial.wav" "$TMP/click.wav" "${FMT[@]}" "$out" \
    highpass 180 lowpass 4000 lowpass 6000 fade h 0.001 "$len" 0.03
}

# move: a single low, round tock (~150 ms)
knock "$TMP/move-raw.wav" 0.15 520 1370 2400
"${SOX[@]}" "$TMP/move-raw.wav" "${FMT[@]}" "$OUT/move.wav" gain -n -4

# capture: two knocks 28 ms apart, higher and brighter (~180 ms)
knock "$TMP/hit1.wav" 0.15 700 1930 3200
knock "$TMP/hit2.wav" 0.15 590 1560 2800
"${SOX[@]}" "$TMP/hit2.wav" "$TMP/hit2d.wav" pad 0.028 0 vol 0.8
"${SOX[@]}" "$TMP/hit1.wav" "$TMP/hit1p.wav" pad 0 0.028
"${SOX[@]}" -m "$TMP/hit1p.wav" "$TMP/hit2d.wav" "${FMT[@]}" "$TMP/capture-raw.wav"
"${SOX[@]}" "$TMP/capture-raw.wav" "${FMT[@]}" "$OUT/capture.wav" trim 0 0.18 fade h 0 0.18 0.04 gain -n -3

for f in "$OUT/move.wav" "$OUT/capture.wav"; do
  printf 'make-sounds: %s  %s s  %s bytes\n' "$f" "$(soxi -D "$f")" "$(stat -c %s "$f")"
done
