# Session 24, run 2: the Xeon host's topology (are its 16 vCPUs 16 cores, or 8 with two threads each?), and how
# cpu:aho-corasick and native Hyperscan scale from 4 to 8 to 16 threads on issue 24's two lagging rows: 2,500
# long words over loghub lines and 1,000 words over the Iliad (256 MiB each), in one call.
cd "$(dirname "$0")"
{
lscpu | grep -E "Model name|Thread|Core|Socket|NUMA|MHz|L1d|L2|L3"
echo "siblings:"; cat /sys/devices/system/cpu/cpu*/topology/thread_siblings_list | sort -u | tr '\n' ' '; echo
echo "cores:"; cat /sys/devices/system/cpu/cpu*/topology/core_id | tr '\n' ' '; echo
command -v perf numactl || echo "no perf, no numactl"
for set in "long loghub" "1K iliad"; do
  set -- $set
  for threads in 16 8 4; do
    echo "=== $1, $2, $threads threads, 256MiB"
    TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 3 --engines cpu:aho-corasick,peer:hyperscan --dictionary-sizes $1 --text $2 --size 256MiB --threads $threads 2>&1 | grep -E "^\| (cpu|peer)"
  done
done
} 2>&1 | tee $OUT/dev2.log
