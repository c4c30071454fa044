# Session 30, run 12 (issue 24): block q-grams at short steps, vector looks against scalar: the first 1,000
# and 3,000 dictionary words of 8+, 10+ and 12+ letters (a look every 4, 5 and 6-7 bytes), words files cut
# from english-100k.txt here, Iliad and loghub, 256 MiB, 1 thread (and 16 for 10+), native Hyperscan in each call.
cd "$(dirname "$0")/.."
for len in 8 10 12; do awk -v n=$len 'length($0) >= n' data/words/english-100k.txt > /tmp/words$len.txt; done
d() { TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary --seconds-per-engine 2 \
      --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,3K --size 256MiB "$@" 2>&1 | grep -E "^\| (cpu|peer):[a-z-]+ \| [0-9.]+ GB/s"; }
{
for len in 8 10 12; do for text in iliad loghub; do for mode in vector scalar; do
  echo "=== $len+ letters, $text, 1 thread, $mode"
  TRAWL_JAVA_OPTS="-Dtrawl.blockgrams=$mode" d --words /tmp/words$len.txt --text $text --threads 1
done; done; done
for text in iliad loghub; do for mode in vector scalar; do
  echo "=== 10+ letters, $text, 16 threads, $mode"
  TRAWL_JAVA_OPTS="-Dtrawl.blockgrams=$mode" d --words /tmp/words10.txt --text $text --threads 16
done; done
} 2>&1 | tee $OUT/dev12.log
