# Session 25, run 12: where the loghub templates' regex set spends its time on 16 threads against one (JFR
# execution samples and allocation, settings=profile), cpu:dfa alone; then against Hyperscan in the same call.
cd "$(dirname "$0")"
{
for threads in 1 16; do
  size=256MiB; [ $threads = 1 ] && size=64MiB
  echo "=== JFR, regex-templates, $threads threads, $size"
  TRAWL_JAVA_OPTS="-XX:StartFlightRecording=filename=/tmp/x$threads.jfr,settings=profile" TRAWL_BENCH_TIMEOUT=200 \
    bash scripts/gpu-check.sh harness regex-templates --size $size --threads $threads --engines cpu:dfa --seconds-per-engine 4 2>&1 | grep -E "^\| (cpu|peer)"
  jre/bin/jfr view --width 170 hot-methods /tmp/x$threads.jfr | head -22
  jre/bin/jfr view --width 170 allocation-by-site /tmp/x$threads.jfr | head -12
  jre/bin/jfr view --width 170 gc-pauses /tmp/x$threads.jfr | head -8
  jre/bin/jfr view --width 170 contention-by-site /tmp/x$threads.jfr | head -10
done
for rep in 1 2; do
  echo "=== regex-templates, 16 threads, 256MiB, with Hyperscan"
  TRAWL_BENCH_TIMEOUT=200 bash scripts/gpu-check.sh harness regex-templates --size 256MiB --threads 16 \
    --engines cpu:dfa,peer:hyperscan --seconds-per-engine 4 2>&1 | grep -E "^\| (cpu|peer)"
done
} 2>&1 | tee $OUT/dev12.log
