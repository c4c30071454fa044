#!/usr/bin/env bash
# Measures the whole trawl command (JVM start included) against GNU grep and ripgrep: the median of
# five runs of each command's wall time, output written to a file (grep stops at the first match
# when its output is /dev/null). Inputs are made once, deterministically, from data/iliad.txt:
#   - the Iliad repeated to 50 MB and to 512 MiB (whole copies, so every line is the Iliad's);
#   - 200 words: the Iliad's words of six letters or more, ranked by count (then by spelling),
#     ranks 101 to 300: common enough to match often, rare enough not to match every line;
#   - ten names: examples/heroes.txt;
#   - 100,000 "words": the Iliad's distinct words, then its distinct word pairs, then word triples,
#     each in byte order (it has about 10,600 words and 79,300 pairs);
#   - a tree of 10,000 files: the 50 MB text cut into 10,000 pieces in 100 directories.
#
# Usage: scripts/bench-cli.sh [--small] [--runs N]
#   --small   50 MB and 512 MiB become 16 MB and 64 MiB (for a slow or busy machine)
# Environment: TRAWL_BENCH_DIR (where inputs go; default target/bench-cli), TRAWL (the command;
# default bin/trawl).
set -euo pipefail
export LC_ALL=C
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${TRAWL_BENCH_DIR:-$root/target/bench-cli}"
trawl="${TRAWL:-$root/bin/trawl}"
runs=5
mid_bytes=50000000
big_bytes=$((512 << 20))
while [ $# -gt 0 ]; do
  case "$1" in
    --small) mid_bytes=16000000; big_bytes=$((64 << 20)) ;;
    --runs) runs="$2"; shift ;;
    *) echo "usage: $0 [--small] [--runs N]" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$dir"
iliad="$root/data/iliad.txt"

# ---- inputs ----
repeat_to() { # repeat_to BYTES FILE: whole copies of the Iliad up to BYTES
  local size copies
  size=$(stat -c %s "$iliad")
  copies=$(( $1 / size ))
  if [ ! -f "$2" ] || [ "$(stat -c %s "$2")" -ne $((copies * size)) ]; then
    echo "bench-cli: making $2 ($copies copies of the Iliad)" >&2
    for _ in $(seq "$copies"); do cat "$iliad"; done > "$2.tmp" && mv "$2.tmp" "$2"
  fi
}
mid="$dir/iliad-$((mid_bytes / 1000000))MB.txt"
big="$dir/iliad-$((big_bytes >> 20))MiB.txt"
repeat_to "$mid_bytes" "$mid"
repeat_to "$big_bytes" "$big"

words() { tr -cs 'A-Za-z' '\n' < "$iliad" | awk 'NF'; }
if [ ! -s "$dir/words200.txt" ]; then
  words | awk 'length($0) >= 6' | sort | uniq -c | sort -k1,1nr -k2,2 | awk 'NR > 100 && NR <= 300 {print $2}' \
    > "$dir/words200.txt"
fi
cp "$root/examples/heroes.txt" "$dir/names10.txt"
if [ "$(wc -l < "$dir/words100k.txt" 2> /dev/null || echo 0)" -ne 100000 ]; then
  { words | sort -u; words | awk 'NR > 1 {print prev " " $0} {prev = $0}' | sort -u
    words | awk 'NR > 2 {print p2 " " p1 " " $0} {p2 = p1; p1 = $0}' | sort -u; } | awk '!seen[$0]++' \
    | head -n 100000 > "$dir/words100k.txt"
fi
tree="$dir/tree"
if [ ! -f "$tree/.done" ]; then
  echo "bench-cli: making $tree (10,000 files)" >&2
  rm -rf "$tree" && mkdir -p "$tree"
  lines=$(wc -l < "$mid")
  per=$(( (lines + 9999) / 10000 ))
  split -l "$per" -a 4 -d "$mid" "$tree/f"
  i=0
  for f in "$tree"/f*; do
    d="$tree/d$((i % 100))"
    mkdir -p "$d"
    mv "$f" "$d/"
    i=$((i + 1))
  done
  touch "$tree/.done"
fi

# ---- timing ----
have_rg=false
command -v rg > /dev/null && have_rg=true
"$trawl" -F x "$root/README.md" > /dev/null 2>&1 || true # builds and trains the AOT cache on first use

median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
# time_ms CMD...: the median wall time of $runs runs, in milliseconds; output to a file
time_ms() {
  local t0 t1
  for _ in $(seq "$runs"); do
    t0=$(date +%s%N)
    "$@" > "$dir/out" 2> /dev/null || true
    t1=$(date +%s%N)
    echo $(( (t1 - t0) / 1000000 ))
  done | median
}

printf '| case | trawl | grep | ripgrep | trawl / grep | trawl / ripgrep | target |\n'
printf '|---|---:|---:|---:|---:|---:|---|\n'
row() { # row NAME TARGET -- TRAWL_ARGS... -- GREP_ARGS... -- RG_ARGS...
  local name="$1" target="$2"
  shift 3
  local ta=() ga=() ra=()
  while [ "$1" != "--" ]; do ta+=("$1"); shift; done
  shift
  while [ "$1" != "--" ]; do ga+=("$1"); shift; done
  shift
  ra=("$@")
  local t g r="" rg_ratio="n/a"
  t=$(time_ms "$trawl" "${ta[@]}")
  g=$(time_ms grep "${ga[@]}")
  if $have_rg; then
    r=$(time_ms rg "${ra[@]}")
    rg_ratio=$(awk -v a="$t" -v b="$r" 'BEGIN {printf "%.2fx", a / (b > 0 ? b : 1)}')
  fi
  printf '| %s | %.3f s | %.3f s | %s | %s | %s | %s |\n' "$name" "$(echo "$t / 1000" | bc -l)" \
    "$(echo "$g / 1000" | bc -l)" "${r:+$(printf '%.3f s' "$(echo "$r / 1000" | bc -l)")}" \
    "$(awk -v a="$t" -v b="$g" 'BEGIN {printf "%.2fx", a / (b > 0 ? b : 1)}')" "$rg_ratio" "$target"
}
mb=$((mid_bytes / 1000000))
gb=$((big_bytes >> 20))
row "trivial: -F x README.md" "trawl <= 0.15 s" -- -F x "$root/README.md" -- -F x "$root/README.md" -- -F x "$root/README.md"
row "200 words over $mb MB, lines" "<= 1.5x grep" -- -F -f "$dir/words200.txt" "$mid" -- -F -f "$dir/words200.txt" "$mid" \
  -- -F -f "$dir/words200.txt" "$mid"
row "ten names over $gb MiB, -c" "<= 1.2x ripgrep" -- -F -c -f "$dir/names10.txt" "$big" -- -F -c -f "$dir/names10.txt" "$big" \
  -- -F -c -f "$dir/names10.txt" "$big"
row "100K words over $gb MiB, -c" "<= 0.5x grep and ripgrep" -- -F -c -f "$dir/words100k.txt" "$big" \
  -- -F -c -f "$dir/words100k.txt" "$big" -- -F -c -f "$dir/words100k.txt" "$big"
row "-r over 10,000 files, ten names, -n" "" -- -r -n -F -f "$dir/names10.txt" "$tree" -- -r -n -F -f "$dir/names10.txt" "$tree" \
  -- -n -F -f "$dir/names10.txt" "$tree"
echo
echo "Medians of $runs runs; $(nproc) processors; $(grep --version | head -1); $($have_rg && rg --version | head -1 || echo 'no ripgrep')."
