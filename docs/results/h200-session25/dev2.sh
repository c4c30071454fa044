# Session 25, run 2 (run 1 again, with the Hyperscan shim unpacked, twice over): where cpu:aho-corasick loses its one-thread lead on 1,000 words over the Iliad (1.15x Hyperscan
# on one thread, 0.78x on four). In one call: both engines in process on 1, 2 and 4 threads; then four separate
# one-thread processes at once (trawl alone, then Hyperscan alone), to tell the machine (clocks, shared caches)
# from the process (the JVM, state shared between threads); then the count loops forced (measuring switch
# trawl.count.loop, not kept) on 1 and 4 threads.
cd "$(dirname "$0")"
here=$(pwd)
java=$here/jre/bin/java
cp=$(ls "$here"/lib/*.jar | grep -v console | tr '\n' ':')
data=$(cd .. && pwd)/data
native=$(mktemp -d)
xz -dc native/libhs.so.5.xz > $native/libhs.so.5 && cp native/libtrawl_hs.so $native/
bench() { # out threads engines [java options...]
  local out=$1 threads=$2 engines=$3; shift 3
  timeout 200 "$java" --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -Xmx6g -Dtrawl.data.dir="$data" \
    -Dtrawl.bench.native="$native" "$@" -cp "$cp" dev.trawl.bench.BenchMain dictionary --data "$data" --out "/tmp/$out" --quiet \
    --words ../data/words/english-100k.txt --seconds-per-engine 3 --engines "$engines" --dictionary-sizes 1K --text iliad \
    --size 256MiB --threads "$threads" 2>&1 | grep -E "^\| (cpu|peer)" | grep -v "GB/s"
}
{
nproc; grep -m1 "model name" /proc/cpuinfo; grep MHz /proc/cpuinfo | head -3
for rep in 1 2; do
for threads in 1 2 4; do
  echo "=== in process, $threads threads"
  bench inproc$threads $threads cpu:aho-corasick,peer:hyperscan
done
for engine in cpu:aho-corasick peer:hyperscan; do
  echo "=== four one-thread processes at once: $engine"
  for k in 1 2 3 4; do bench conc$k 1 $engine > /tmp/conc$k.txt & done; wait
  cat /tmp/conc?.txt
done
for loop in TABLE COMPACT; do
  for threads in 4; do
    echo "=== trawl.count.loop=$loop, $threads threads"
    bench loop$loop$threads $threads cpu:aho-corasick,peer:hyperscan -Dtrawl.count.loop=$loop
  done
done
done
} 2>&1 | tee $OUT/dev2.log
