# Session 25, run 8: staging and registering side by side (trawl-cuda/src/experiments/hybrid_source.c): none,
# 1 in 4, 1 in 3, 1 in 2 chunks registered in place, the rest staged by 15 threads; 2 GiB and 4 GiB, 64 MiB chunks.
cd "$(dirname "$0")/../../.."  # the repository root
{
nvcc -O2 -o /tmp/hs trawl-cuda/src/experiments/hybrid_source.c -lcuda -lpthread 2>&1 | grep -v warning
/tmp/hs 2 64 15
/tmp/hs 4 64 15
/tmp/hs 2 128 15
} 2>&1 | tee $OUT/dev8.log
