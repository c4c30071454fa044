# Session 28, run 5: issue 24. Counts on 16 threads with tapered chunks (the last quarter cut ever finer,
# down to 128 KiB) against equal 1 MiB chunks (-Dtrawl.taper=off, a switch of this build only),
# alternated three times: cpu:aho-corasick against native Hyperscan, 1,000 words and 2,500 long words,
# Iliad and loghub, 256 MiB; then all loghub templates as one regex set (cpu:dfa), twice each way.
cd "$(dirname "$0")/.."
d() { TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --words data/words/english-100k.txt --seconds-per-engine 2 \
      --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,long --size 256MiB --threads 16 "$@" 2>&1 | grep -E "^\| (cpu|peer):[a-z-]+ \| [0-9.]+ GB/s"; }
r() { TRAWL_BENCH_TIMEOUT=200 bash .gpu/scripts/gpu-check.sh harness regex-templates --engines cpu:dfa,peer:hyperscan \
      --seconds-per-engine 3 --size 256MiB --threads 16 2>&1 | grep -E "^\| (cpu|peer)"; }
{
for round in 1 2 3; do
  for text in iliad loghub; do
    echo "=== round $round: $text, tapered"; d --text $text
    echo "=== round $round: $text, equal chunks"; TRAWL_JAVA_OPTS="-Dtrawl.taper=off" d --text $text
  done
done
for round in 1 2; do
  echo "=== round $round: regex-templates, tapered"; r
  echo "=== round $round: regex-templates, equal chunks"; TRAWL_JAVA_OPTS="-Dtrawl.taper=off" r
done
} 2>&1 | tee $OUT/dev5.log
