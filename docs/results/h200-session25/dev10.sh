# Session 25, run 10: issue 24's sets on the code as kept (flagged rows, no loop race), cpu:aho-corasick against
# native Hyperscan in the same call, 16 threads three times and one thread twice, the Iliad and loghub lines,
# 256 MiB; then where the 1,000-word count's time goes on 16 threads (JFR, as run 9).
cd "$(dirname "$0")"
{
for round in 1 2 3 4 5; do
  threads=16; [ $round -ge 4 ] && threads=1
  for text in iliad loghub; do
    echo "=== round $round: 1K,long,log-words, $text, $threads threads, 256MiB"
    TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 3 \
      --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes 1K,long,log-words --text $text --size 256MiB \
      --threads $threads 2>&1 | grep -E "^\| (cpu|peer)" | grep -v " $threads | "
  done
done
echo "=== JFR, 16 threads, 1K, iliad"
TRAWL_JAVA_OPTS="-XX:StartFlightRecording=filename=/tmp/r16.jfr,settings=profile" TRAWL_BENCH_TIMEOUT=150 \
  bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 4 \
  --engines cpu:aho-corasick --dictionary-sizes 1K --text iliad --size 256MiB --threads 16 2>&1 | grep -E "^\| cpu"
jre/bin/jfr view --width 160 hot-methods /tmp/r16.jfr | head -16
} 2>&1 | tee $OUT/dev10.log
