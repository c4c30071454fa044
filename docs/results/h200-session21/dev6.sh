# Session 21, run 6: JFR of cpu:aho-corasick on 16 threads (2,500 long words over loghub lines, 1,000 words
# over the Iliad), to see where a thread's time goes when 16 run; the recordings come back in $OUT.
cd "$(dirname "$0")"
{
for c in "long loghub 256MiB" "1K iliad 512MiB"; do
  set -- $c
  echo "=== $1, $2, 16 threads, $3 (JFR)"
  JAVA_TOOL_OPTIONS="-XX:StartFlightRecording=filename=$OUT/$1-$2.jfr,settings=profile" TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 6 --engines cpu:aho-corasick --dictionary-sizes $1 --text $2 --size $3 --threads 16 2>&1 | grep -E "^\| (cpu|peer)" | grep " 16 "
done
} 2>&1 | tee $OUT/dev6.log
