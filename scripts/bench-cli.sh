#!/usr/bin/env bash
# Measures the whole trawl command (JVM start included) against GNU grep and ripgrep: the medians of
# five runs of each command's wall time and CPU time, output written to a file (grep stops at the
# first match when its output is /dev/null). On a shared machine the CPU time is the steadier one. Inputs are made once, deterministically, from data/iliad.txt:
#   - the Iliad repeated to 50 MB and to 512 MiB (whole copies, so every line is the Iliad's);
#   - 200 words: the Iliad's words of six letters or more, ranked by count (then by spelling),
#     ranks 101 to 300: common enough to match often, rare enough not to match every line;
#   - ten names: examples/heroes.txt;
#   - 100,000 "words": the Iliad's distinct words, then its distinct word pairs, then word triples,
#     each in byte order (it has about 10,600 words and 79,300 pairs);
#   - a tree of 10,000 files: the 50 MB text cut into 10,000 pieces in 100 directories.
#
# Usage: scripts/bench-cli.sh [--small] [--runs N] [--stats] [--cases LIST]
#   --small   50 MB and 512 MiB become 16 MB and 64 MiB (for a slow or busy machine)
#   --stats   after the table, one more run of each trawl case with --stats (start-up, compile, scan)
#   --cases L only the cases in the comma-separated list L of their numbers (1 to 5, in table order)
# Environment: TRAWL_BENCH_DIR (where inputs go; default target/bench-cli), TRAWL (the command;
# default bin/trawl).
set -euo pipefail
export LC_ALL=C
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="${TRAWL_BENCH_DIR:-$root/target/bench-cli}"
trawl="${TRAWL:-$root/bin/trawl}"
runs=5
stats=false
cases=",1,2,3,4,5,"
mid_bytes=50000000
big_bytes=$((512 << 20))
while [ $# -gt 0 ]; do
  case "$1" in
    --small) mid_bytes=16000000; big_bytes=$((64 << 20)) ;;
    --runs) runs="$2"; shift ;;
    --stats) stats=true ;;
    --cases) cases=",$2,"; shift ;;
    *) echo "usage: $0 [--small] [--runs N] [--stats] [--cases LIST]" >&2; exit 2 ;;
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
if [ ! -f "$dir/words100k.txt" ] || [ "$(wc -l < "$dir/words100k.txt")" -ne 100000 ]; then
  { words | sort -u; words | awk 'NR > 1 {print prev " " $0} {prev = $0}' | sort -u
    words | awk 'NR > 2 {print p2 " " p1 " " $0} {p2 = p1; p1 = $0}' | sort -u; } \
    | awk '!seen[$0]++ && ++n <= 100000' > "$dir/words100k.txt" # no head: it would end the pipe early
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
# A JDK is needed only to build the default command; with TRAWL and JAVA_HOME given (the GPU machine's
# runtime) none is looked for.
if [ -z "${TRAWL:-}" ] || [ -z "${JAVA_HOME:-}" ]; then
  . "$root/scripts/find-jdk.sh"
fi

median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
# measure CMD...: "WALL CPU", the medians of $runs runs in seconds (CPU: user + system, all threads,
# from bash's own `time`, so no /usr/bin/time is needed); output to a file
measure() {
  local f="$dir/time"
  local t0 t1 TIMEFORMAT='%U %S'
  for _ in $(seq "$runs"); do
    t0=$(date +%s%N)
    { time "$@" > "$dir/out" 2> /dev/null; } 2> "$f" || true
    t1=$(date +%s%N)
    echo "$(awk -v ns=$((t1 - t0)) 'BEGIN {printf "%.3f", ns / 1e9}') $(tail -1 "$f")"
  done > "$dir/times"
  echo "$(awk '{print $1}' "$dir/times" | median) $(awk '{printf "%.2f\n", $2 + $3}' "$dir/times" | median)"
}
# ratio A B [RESOLUTION]: A / B, or "-" when B is below the clock's resolution (1 ms for wall times,
# 10 ms for CPU times)
ratio() { awk -v a="$1" -v b="$2" -v r="${3:-0.001}" 'BEGIN {if (b < r) print "-"; else printf "%.2fx", a / b}'; }

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
  local t g r tw tc gw gc rw="" rc="" rcol="n/a" rratio="n/a"
  read -r tw tc <<< "$(measure "$trawl" "${ta[@]}")"
  read -r gw gc <<< "$(measure grep "${ga[@]}")"
  if $have_rg; then
    read -r rw rc <<< "$(measure rg "${ra[@]}")"
    rcol="$rw s ($rc)"
    rratio="$(ratio "$tw" "$rw") ($(ratio "$tc" "$rc" 0.01))"
  fi
  printf '| %s | %s s (%s) | %s s (%s) | %s | %s (%s) | %s | %s |\n' "$name" "$tw" "$tc" "$gw" "$gc" "$rcol" \
    "$(ratio "$tw" "$gw")" "$(ratio "$tc" "$gc" 0.01)" "$rratio" "$target"
}
mb=$((mid_bytes / 1000000))
gb=$((big_bytes >> 20))
each_case() { # each_case FN: FN NAME TARGET -- TRAWL_ARGS... -- GREP_ARGS... -- RG_ARGS... for every chosen case
  local fn="$1" n=0
  chosen() { n=$((n + 1)); [[ "$cases" == *",$n,"* ]] && "$fn" "$@"; return 0; }
  chosen "trivial: -F x README.md" "trawl <= 0.15 s" -- -F x "$root/README.md" -- -F x "$root/README.md" -- -F x "$root/README.md"
  chosen "200 words over $mb MB, lines" "<= 1.5x grep" -- -F -f "$dir/words200.txt" "$mid" -- -F -f "$dir/words200.txt" "$mid" \
    -- -F -f "$dir/words200.txt" "$mid"
  chosen "ten names over $gb MiB, -c" "<= 1.2x ripgrep" -- -F -c -f "$dir/names10.txt" "$big" -- -F -c -f "$dir/names10.txt" "$big" \
    -- -F -c -f "$dir/names10.txt" "$big"
  chosen "100K words over $gb MiB, -c" "<= 0.5x grep and ripgrep" -- -F -c -f "$dir/words100k.txt" "$big" \
    -- -F -c -f "$dir/words100k.txt" "$big" -- -F -c -f "$dir/words100k.txt" "$big"
  chosen "-r over 10,000 files, ten names, -n" "" -- -r -n -F -f "$dir/names10.txt" "$tree" -- -r -n -F -f "$dir/names10.txt" "$tree" \
    -- -n -F -f "$dir/names10.txt" "$tree"
}
# stats_row NAME TARGET -- TRAWL_ARGS... -- ...: one run of trawl with --stats, its summary lines
stats_row() {
  local name="$1"
  shift 3
  local ta=()
  while [ "$1" != "--" ]; do ta+=("$1"); shift; done
  echo "$name:"
  "$trawl" --stats "${ta[@]}" 2>&1 > /dev/null | grep '^trawl: ' | sed 's/^/    /' || true
}
each_case row
if $stats; then
  echo
  echo "Where trawl's time goes (one run each, --stats):"
  each_case stats_row
fi
read -r jw jc <<< "$(measure "$JAVA_HOME/bin/java" -version)"
echo
echo "Wall time, then CPU time (user + system) in parentheses: medians of $runs runs. $(nproc) processors,"
echo "load average $(cut -d' ' -f1-3 /proc/loadavg); a JVM alone (java -version) took $jw s ($jc)."
rg_version="no ripgrep"
if $have_rg; then rg_version="$(rg --version | sed -n 1p)"; fi
echo "$(grep --version | sed -n 1p); $rg_version."
