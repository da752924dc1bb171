#!/usr/bin/env bash
# Generates the app's sound effects with sox (apt-get install -y sox libsox-fmt-all).
# All sounds are synthesised here: no samples from anywhere else. Output: public/sounds/*.ogg
# (Ogg Vorbis, mono, 22.05 kHz, low quality setting: small files).
set -euo pipefail
cd "$(dirname "$0")/.."
out=public/sounds
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
R=(-r 22050 -c 1)
enc() { sox "$1" -C -1 "$2"; } # vorbis quality -1 (~45 kbit/s)

# note <file> <seconds> <freq|note> [wave]: a short enveloped tone
note() { sox -n "${R[@]}" "$1" synth "$2" "${4:-triangle}" "$3" fade q 0.005 "$2" "$(awk "BEGIN{print $2*0.7}")" vol 0.6; }

# spin: a loopable whirr (constant level so the loop point is seamless)
sox -n "${R[@]}" "$tmp/spin.wav" synth 0.8 sawtooth 140 synth 0.8 sine amod 18 60 lowpass 1400 vol 0.5
enc "$tmp/spin.wav" "$out/spin.ogg"

# stop: a short mechanical thunk (low sine drop + noise click)
sox -n "${R[@]}" "$tmp/thunk.wav" synth 0.16 sine 160-60 fade q 0.002 0.16 0.14 vol 0.9
sox -n "${R[@]}" "$tmp/click.wav" synth 0.03 whitenoise vol 0.4 fade q 0.001 0.03 0.025 highpass 2000
sox -m "$tmp/thunk.wav" "$tmp/click.wav" "$tmp/stop.wav"
enc "$tmp/stop.wav" "$out/stop.ogg"

# win: a bright rising arpeggio ending on a held chord
i=0
for n in C5 E5 G5 C6 E6; do note "$tmp/w$i.wav" 0.09 "$n" square; i=$((i+1)); done
sox -n "${R[@]}" "$tmp/wchord.wav" synth 0.5 triangle C6 synth 0.5 triangle mix E6 fade q 0.005 0.5 0.4 vol 0.5
sox "$tmp"/w0.wav "$tmp"/w1.wav "$tmp"/w2.wav "$tmp"/w3.wav "$tmp"/w4.wav "$tmp/wchord.wav" "$tmp/win.wav" lowpass 6000 vol 0.8
enc "$tmp/win.wav" "$out/win.ogg"

# coin: the classic two-step high ping
note "$tmp/c1.wav" 0.07 B5 square
note "$tmp/c2.wav" 0.32 E6 square
sox "$tmp/c1.wav" "$tmp/c2.wav" "$tmp/coin.wav" lowpass 5000 vol 0.7
enc "$tmp/coin.wav" "$out/coin.ogg"

# burn: a whoosh (swept band of noise) with crackle on top
sox -n "${R[@]}" "$tmp/whoosh.wav" synth 1.2 pinknoise fade q 0.25 1.2 0.7 sinc 300-2500 vol 0.7
sox -n "${R[@]}" "$tmp/crackle.wav" synth 1.2 whitenoise synth 1.2 square amod 23 100 vol 0.15 highpass 3000 fade q 0.1 1.2 0.6
sox -m "$tmp/whoosh.wav" "$tmp/crackle.wav" "$tmp/burn.wav"
enc "$tmp/burn.wav" "$out/burn.ogg"

# background: a gentle 8-second synth arpeggio (Am - F - C - G) that loops cleanly
files=()
k=0
for chord in "A3 C4 E4 C4" "F3 A3 C4 A3" "C4 E4 G4 E4" "G3 B3 D4 B3"; do
  for rep in 1 2; do
    for n in $chord; do
      sox -n "${R[@]}" "$tmp/b$k.wav" synth 0.25 triangle "$n" synth 0.25 sine mix "$n" fade q 0.01 0.25 0.2 vol 0.35
      files+=("$tmp/b$k.wav"); k=$((k+1))
    done
  done
done
sox "${files[@]}" "$tmp/bg.wav" lowpass 2500
enc "$tmp/bg.wav" "$out/background.ogg"

ls -l "$out"
du -ch "$out"/*.ogg | tail -1
