#!/usr/bin/env bash
# Render every app icon PNG from assets/icons/icon.svg (the only hand-made file).
#
#   bash scripts/make-icons.sh
#
# Needs rsvg-convert (Debian: librsvg2-bin) and ImageMagick 6 `convert` (Debian: imagemagick):
#   apt-get update && apt-get install -y librsvg2-bin imagemagick
# Output is byte-for-byte reproducible for a given rsvg/ImageMagick version (no timestamps).
#
# Writes:
#   assets/icons/icon-{32,128,256,512}.png, icon.ico, favicon.ico, favicon-32.png,
#   apple-touch-icon.png                       desktop + web ([bundle] icon, <link rel=icon>)
#   assets/icons/android/res/mipmap-*/         Android launcher icons, copied into dx's gradle
#                                              project by android/install-files.sh
#   assets/icons/android/playstore-icon.png    512x512 Play Store listing icon
#   assets/icons/ios/AppIcon.appiconset/       iOS icon set + Contents.json
#   assets/web/icons/icon-{192,512}.png,       the installable web app's icons (the manifest,
#   icon-maskable-512.png, apple-touch-icon.png,  favicons, apple-touch-icon); assets/web is
#   favicon-32.png; assets/web/favicon.ico        copied into the web build by dx
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in rsvg-convert convert pngquant; do
  command -v "$tool" >/dev/null || {
    echo "make-icons: '$tool' not found; apt-get install -y librsvg2-bin imagemagick pngquant" >&2
    exit 1
  }
done

SRC=assets/icons/icon.svg
OUT=assets/icons
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# ImageMagick: drop timestamps and other metadata so reruns give identical files.
IM_OUT=(-strip -define png:exclude-chunks=date,time)

# --- SVG variants, derived from the marked blocks of icon.svg -------------------------------
# full:  wood + token (iOS, Play Store, desktop)
# fg:    token only, shrunk into the 66/108 adaptive-icon safe zone (Android foreground layer)
# bg:    wood only (Android background layer)
# token: token only, filling the canvas (favicon, small web icons)
# maskable: wood + token shrunk into the safe zone, so a launcher's circle or squircle mask
#        never cuts the token (the web app's maskable icon)
cp "$SRC" "$TMP/full.svg"
sed 's|<g id="token-frame">|<g id="token-frame" transform="translate(512 512) scale(0.74) translate(-512 -515)">|' \
  "$SRC" > "$TMP/maskable.svg"
sed '/<!-- BG:BEGIN -->/,/<!-- BG:END -->/d' "$SRC" \
  | sed 's|<g id="token-frame">|<g id="token-frame" transform="translate(512 512) scale(0.74) translate(-512 -515)">|' \
  > "$TMP/fg.svg"
sed '/<!-- TOKEN:BEGIN -->/,/<!-- TOKEN:END -->/d' "$SRC" > "$TMP/bg.svg"
sed '/<!-- BG:BEGIN -->/,/<!-- BG:END -->/d' "$SRC" \
  | sed 's|<g id="token-frame">|<g id="token-frame" transform="translate(512 512) scale(1.17) translate(-512 -520)">|' \
  > "$TMP/token.svg"
grep -q 'scale(0.74)' "$TMP/fg.svg" && grep -q 'scale(0.74)' "$TMP/maskable.svg" && grep -q 'scale(1.17)' "$TMP/token.svg" \
  && ! grep -q 'id="token"' "$TMP/bg.svg" && ! grep -q 'id="bg"' "$TMP/fg.svg" \
  || { echo "make-icons: icon.svg lost its BG/TOKEN markers or token-frame group" >&2; exit 1; }

# render VARIANT SIZE OUTFILE  (straight from the SVG at the target size: crisp at every size)
render() { rsvg-convert -w "$2" -h "$2" "$TMP/$1.svg" -o "$3"; }

# Opaque RGB PNG (iOS rejects icons with an alpha channel).
opaque() {
  render full "$1" "$TMP/o.png"
  convert "$TMP/o.png" -background '#d9a765' -alpha remove -alpha off "${IM_OUT[@]}" "PNG24:$2"
}

# Rounded square with transparent corners (desktop, Android legacy square icon).
rounded() {
  local n=$1 r
  r=$(( n * 9 / 40 ))
  render full "$n" "$TMP/r.png"
  convert -size "${n}x${n}" xc:none -fill white \
    -draw "roundrectangle 0,0,$((n - 1)),$((n - 1)),$r,$r" "$TMP/mask.png"
  convert "$TMP/r.png" "$TMP/mask.png" -alpha set -compose DstIn -composite "${IM_OUT[@]}" "PNG32:$2"
}

# Circle (Android legacy round icon).
circle() {
  local n=$1
  render full "$n" "$TMP/c.png"
  convert -size "${n}x${n}" xc:none -fill white \
    -draw "circle $((n / 2)),$((n / 2)) $((n / 2)),0" "$TMP/mask.png"
  convert "$TMP/c.png" "$TMP/mask.png" -alpha set -compose DstIn -composite "${IM_OUT[@]}" "PNG32:$2"
}

# --- Desktop + web ----------------------------------------------------------------------------
for n in 32 128 256 512; do rounded "$n" "$OUT/icon-$n.png"; done
render token 32 "$OUT/favicon-32.png"
opaque 180 "$OUT/apple-touch-icon.png"
for n in 16 24 32 48 64 256; do render token "$n" "$TMP/fav-$n.png"; done
convert "$TMP"/fav-{16,32,48}.png "${IM_OUT[@]}" "$OUT/favicon.ico"
# Windows exe icon: token at small sizes, full artwork at 256.
render full 256 "$TMP/win-256.png"
convert "$TMP"/fav-{16,24,32,48,64}.png "$TMP/win-256.png" "${IM_OUT[@]}" "$OUT/icon.ico"

# --- Installable web app (assets/web, the web build's public folder) ---------------------------
WEB=assets/web
mkdir -p "$WEB/icons"
for n in 192 512; do rounded "$n" "$WEB/icons/icon-$n.png"; done
render maskable 512 "$TMP/m.png"
convert "$TMP/m.png" -alpha off "${IM_OUT[@]}" "PNG24:$WEB/icons/icon-maskable-512.png"
cp "$OUT/apple-touch-icon.png" "$OUT/favicon-32.png" "$WEB/icons/"
cp "$OUT/favicon.ico" "$WEB/favicon.ico"
# The web app's icons are precached on a first visit (web/finish-build.mjs), so they are
# quantised to a palette: 368 KB become 147, a loss no eye finds at these sizes (mean difference
# 3 of 255 per channel).
for png in "$WEB"/icons/*.png; do
  pngquant --quality 85-98 --speed 1 --strip --force --output "$png" "$png"
done

# --- Android ------------------------------------------------------------------------------------
# Resource names are ic_launcher_qibing*, not dx's ic_launcher*, so they never collide with the
# default icons dx 0.7 writes into the generated project (see android/README.md).
AND=$OUT/android/res
rm -rf "$OUT/android"
mkdir -p "$AND/mipmap-anydpi-v26"
# density  legacy-px  adaptive-layer-px (108dp)
while read -r d px fg; do
  dir=$AND/mipmap-$d
  mkdir -p "$dir"
  rounded "$px" "$dir/ic_launcher_qibing.png"
  circle "$px" "$dir/ic_launcher_qibing_round.png"
  render fg "$fg" "$TMP/f.png"
  convert "$TMP/f.png" "${IM_OUT[@]}" "PNG32:$dir/ic_launcher_qibing_foreground.png"
  render bg "$fg" "$TMP/b.png"
  convert "$TMP/b.png" -alpha off "${IM_OUT[@]}" "PNG24:$dir/ic_launcher_qibing_background.png"
done <<'EOF'
mdpi 48 108
hdpi 72 162
xhdpi 96 216
xxhdpi 144 324
xxxhdpi 192 432
EOF
for name in ic_launcher_qibing ic_launcher_qibing_round; do
  cat > "$AND/mipmap-anydpi-v26/$name.xml" <<'EOF'
<?xml version="1.0" encoding="utf-8"?>
<!-- Generated by scripts/make-icons.sh -->
<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">
    <background android:drawable="@mipmap/ic_launcher_qibing_background" />
    <foreground android:drawable="@mipmap/ic_launcher_qibing_foreground" />
</adaptive-icon>
EOF
done
opaque 512 "$OUT/android/playstore-icon.png"

# --- iOS ----------------------------------------------------------------------------------------
SET=$OUT/ios/AppIcon.appiconset
rm -rf "$SET"
mkdir -p "$SET"
# file  pixels
while read -r f px; do opaque "$px" "$SET/$f"; done <<'EOF'
Icon-20.png 20
Icon-20@2x.png 40
Icon-20@3x.png 60
Icon-29.png 29
Icon-29@2x.png 58
Icon-29@3x.png 87
Icon-40.png 40
Icon-40@2x.png 80
Icon-40@3x.png 120
Icon-60@2x.png 120
Icon-60@3x.png 180
Icon-76.png 76
Icon-76@2x.png 152
Icon-83.5@2x.png 167
Icon-1024.png 1024
EOF
cat > "$SET/Contents.json" <<'EOF'
{
  "images" : [
    { "idiom" : "iphone", "size" : "20x20", "scale" : "2x", "filename" : "Icon-20@2x.png" },
    { "idiom" : "iphone", "size" : "20x20", "scale" : "3x", "filename" : "Icon-20@3x.png" },
    { "idiom" : "iphone", "size" : "29x29", "scale" : "2x", "filename" : "Icon-29@2x.png" },
    { "idiom" : "iphone", "size" : "29x29", "scale" : "3x", "filename" : "Icon-29@3x.png" },
    { "idiom" : "iphone", "size" : "40x40", "scale" : "2x", "filename" : "Icon-40@2x.png" },
    { "idiom" : "iphone", "size" : "40x40", "scale" : "3x", "filename" : "Icon-40@3x.png" },
    { "idiom" : "iphone", "size" : "60x60", "scale" : "2x", "filename" : "Icon-60@2x.png" },
    { "idiom" : "iphone", "size" : "60x60", "scale" : "3x", "filename" : "Icon-60@3x.png" },
    { "idiom" : "ipad", "size" : "20x20", "scale" : "1x", "filename" : "Icon-20.png" },
    { "idiom" : "ipad", "size" : "20x20", "scale" : "2x", "filename" : "Icon-20@2x.png" },
    { "idiom" : "ipad", "size" : "29x29", "scale" : "1x", "filename" : "Icon-29.png" },
    { "idiom" : "ipad", "size" : "29x29", "scale" : "2x", "filename" : "Icon-29@2x.png" },
    { "idiom" : "ipad", "size" : "40x40", "scale" : "1x", "filename" : "Icon-40.png" },
    { "idiom" : "ipad", "size" : "40x40", "scale" : "2x", "filename" : "Icon-40@2x.png" },
    { "idiom" : "ipad", "size" : "76x76", "scale" : "1x", "filename" : "Icon-76.png" },
    { "idiom" : "ipad", "size" : "76x76", "scale" : "2x", "filename" : "Icon-76@2x.png" },
    { "idiom" : "ipad", "size" : "83.5x83.5", "scale" : "2x", "filename" : "Icon-83.5@2x.png" },
    { "idiom" : "ios-marketing", "size" : "1024x1024", "scale" : "1x", "filename" : "Icon-1024.png" }
  ],
  "info" : { "author" : "scripts/make-icons.sh", "version" : 1 }
}
EOF

echo "make-icons: wrote $(find "$OUT" "$WEB" -name '*.png' | wc -l) PNGs under $OUT/ and $WEB/"
