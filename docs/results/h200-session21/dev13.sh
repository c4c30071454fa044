# Session 21, run 13: the block q-gram filter's offset table at a quarter of its size (a scratch switch,
# -Dtrawl.exp.offShift=2: 64 KiB against 256 KiB for 2,500 long words), 16 threads over loghub lines
# (where more looks pass, and each reads that table), cpu:aho-corasick against native Hyperscan, alternated.
cd "$(dirname "$0")"
{
for round in 1 2 3; do
for s in 0 2; do
  echo "=== round $round: long, loghub, 16 threads, 1GiB, offShift $s"
  JAVA_TOOL_OPTIONS=-Dtrawl.exp.offShift=$s TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 3 --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes long --text loghub --size 1GiB --threads 16 2>&1 | grep -E "^\| (cpu|peer)" | grep " 16 "
done
done
} 2>&1 | tee $OUT/dev13.log
