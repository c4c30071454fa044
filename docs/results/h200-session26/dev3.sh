# Session 26, run 3: issue 23's table with the copy lanes (CountBench: 10 names to 1M words, 512 MiB and
# 4 GiB, cpu:aho-corasick and native Hyperscan on 16 threads, gpu:pfac end to end, batched, kernels
# alone, auto with GPU and CPU together).
cd "$(dirname "$0")"
TRAWL_BENCH_TIMEOUT=580 bash scripts/gpu-check.sh count --sizes 512MiB,4GiB --sets names,1K,10K,100K,1M 2>&1 \
  | grep -v "Picked up" | tee $OUT/dev3.log
