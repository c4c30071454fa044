# Session 30, run 14 (issue 24): words of 8+ letters (8-byte windows) with 5-byte grams every 4 bytes (as
# shipped) against 6-byte grams every 3 (-Dtrawl.blockgrams.shortgram=6, a switch in that build only),
# vector looks, the first 1,000 and 3,000 such words, Iliad and loghub, one thread, alternated twice.
cd "$(dirname "$0")/.."
awk 'length($0) >= 8' data/words/english-100k.txt > /tmp/words8.txt
{
for round in 1 2; do for text in iliad loghub; do for g in 5 6; do
  echo "=== 8+ letters, $text, 1 thread, $g-byte grams, round $round"
  TRAWL_JAVA_OPTS="-Dtrawl.blockgrams.shortgram=$g" TRAWL_BENCH_TIMEOUT=150 bash .gpu/scripts/gpu-check.sh dictionary \
    --words /tmp/words8.txt --seconds-per-engine 2 --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,3K \
    --size 256MiB --text $text --threads 1 2>&1 | grep -E "^\| (cpu|peer):[a-z-]+ \| [0-9.]+ GB/s"
done; done; done
} 2>&1 | tee $OUT/dev14.log
