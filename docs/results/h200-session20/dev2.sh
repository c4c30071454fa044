# Session 20, run 2: is the long words' slower rate on this host the code or the machine? Session 15's
# last code (e1ce5ba, its core and bench jars put first on the class path) against this session's, same call.
cd "$(dirname "$0")"
{
nproc; lscpu | grep -E "Model name|MHz|L2|L3"
run() { TRAWL_BENCH_TIMEOUT=100 bash scripts/gpu-check.sh dictionary --words ../data/words/english-100k.txt --seconds-per-engine 3 --engines cpu:aho-corasick,peer:hyperscan "$@" 2>&1 | grep -E "^\| (cpu|peer)"; }
for rep in 1 2; do
  for text in loghub iliad; do
    echo "=== e1ce5ba (session 15), long,1K, $text, 1 thread, 256MiB"
    TRAWL_CP_PREFIX=$PWD/old/core.jar:$PWD/old/bench.jar run --dictionary-sizes long,1K --text $text --size 256MiB --threads 1
    echo "=== now, long,1K, $text, 1 thread, 256MiB"
    run --dictionary-sizes long,1K --text $text --size 256MiB --threads 1
  done
done
echo "=== e1ce5ba, long, iliad, 16 threads, 512MiB"
TRAWL_CP_PREFIX=$PWD/old/core.jar:$PWD/old/bench.jar run --dictionary-sizes long --text iliad --size 512MiB --threads 16
echo "=== now, long, iliad, 16 threads, 512MiB"
run --dictionary-sizes long --text iliad --size 512MiB --threads 16
} 2>&1 | tee $OUT/dev2.log
