# Session 19, run 16: as dev15.sh, one thread only, the harness's default timing.
cd "$(dirname "$0")"
{
for text in loghub iliad; do
for g in 6 7 6 7; do
echo "=== gram $g, $text, 1 thread, 256MiB"
JAVA_TOOL_OPTIONS="-Dtrawl.gram=$g" TRAWL_BENCH_TIMEOUT=100 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --dictionary-sizes long --text $text --size 256MiB --threads 1 --engines cpu:aho-corasick,peer:hyperscan 2>&1 | grep -E "^\| (cpu|peer)" | head -2
done
done
} 2>&1 | tee $OUT/dev16.log
