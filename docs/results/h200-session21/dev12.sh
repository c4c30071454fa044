# Session 21, run 12: 2,500 long words over loghub lines on 16 threads at 256 MiB, 1 GiB and 2 GiB,
# cpu:aho-corasick against native Hyperscan: does a longer run close the gap (a cost per call), or not
# (a cost per byte)?
cd "$(dirname "$0")"
{
for round in 1 2; do
for size in 256MiB 1GiB 2GiB; do
  echo "=== round $round: long, loghub, 16 threads, $size"
  TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 3 --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes long --text loghub --size $size --threads 16 2>&1 | grep -E "^\| (cpu|peer)" | grep " 16 "
done
done
} 2>&1 | tee $OUT/dev12.log
