# Session 25, run 9: where the 1,000-word count's time goes on 16 threads against one (JFR execution samples,
# settings=profile), cpu:aho-corasick alone, 256 MiB of the Iliad.
cd "$(dirname "$0")"
{
for threads in 1 16; do
  echo "=== $threads threads"
  TRAWL_JAVA_OPTS="-XX:StartFlightRecording=filename=/tmp/r$threads.jfr,settings=profile" TRAWL_BENCH_TIMEOUT=150 \
    bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 4 \
    --engines cpu:aho-corasick --dictionary-sizes 1K --text iliad --size 256MiB --threads $threads 2>&1 | grep -E "^\| cpu"
  jre/bin/jfr view --width 160 hot-methods /tmp/r$threads.jfr | head -30
  jre/bin/jfr view --width 160 gc-pauses /tmp/r$threads.jfr | head -12
done
} 2>&1 | tee $OUT/dev9.log
