# Session 31, run 5 (issue 24), final code: all loghub templates as one regex set, cpu:dfa against native
# Hyperscan, 16 threads (256 MiB) and 1 (64 MiB); then the first 1,000 and 3,000 dictionary words of 8+
# letters on 16 threads over both texts, 256 MiB.
cd "$(dirname "$0")/.."
r() { TRAWL_BENCH_TIMEOUT=200 bash .gpu/scripts/gpu-check.sh harness regex-templates --engines cpu:dfa,peer:hyperscan \
      --seconds-per-engine 3 "$@" 2>&1 | grep -E "^\| (cpu|peer)"; }
awk 'length($0) >= 8' data/words/english-100k.txt > /tmp/words8.txt
{
echo "=== regex-templates, 16 threads, 256 MiB"; r --size 256MiB --threads 16
echo "=== regex-templates, 1 thread, 64 MiB"; r --size 64MiB --threads 1
for text in iliad loghub; do echo "=== 8+ letters, $text, 16 threads"
  TRAWL_BENCH_TIMEOUT=120 bash .gpu/scripts/gpu-check.sh dictionary --words /tmp/words8.txt --seconds-per-engine 2 \
    --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,3K --size 256MiB --text $text --threads 16 2>&1 \
    | grep -E "^\| (cpu|peer):[a-z-]+ \| [0-9.]+ GB/s"
done
} 2>&1 | tee $OUT/dev5.log
