# Session 22, run 2: the device copy queued per round of the staging (each of the copy threads stages a step of
# every round; the thread that writes a round's last part queues its copy): whole chunks (0) against rounds of
# 16 x 512 KiB, 1 MiB and 2 MiB, alternated twice in one call.
cd "$(dirname "$0")"
{
for round in 1 2; do
  for step in 0 524288 1048576 2097152; do
    echo "=== round $round, sendStep $step"
    JAVA_TOOL_OPTIONS="-Dtrawl.gpu.sendStep=$step" TRAWL_BENCH_TIMEOUT=150 bash scripts/gpu-check.sh count --sizes 512MiB \
      --sets names,10K --hyperscan-max 0 2>&1 | grep -v "Picked up" | grep -E "^\| 512|MISMATCH|agree" | sort -u
  done
done
} 2>&1 | tee $OUT/dev2.log
