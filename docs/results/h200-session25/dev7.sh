# Session 25, run 7: are this host's vCPUs sharing cores? The 1,000-word walk (Pm.java, pmi: the loop as kept),
# 128 MiB of the Iliad, alone on CPU 0, then on CPU 0 and CPU k at once for every k (taskset): a pair that
# shares a core (or its L2) slows both.
cd "$(dirname "$0")"
java=$(pwd)/jre/bin/java
run() { taskset -c $1 $java -Xmx2g -XX:ActiveProcessorCount=1 -cp scratch/cls:lib/trawl-core.jar Pm ../data/words/english-100k.txt 1000 ../data/iliad.txt 128 3 pmi | tail -1 | awk '{print $(NF-1)}'; }
{
command -v taskset || echo "no taskset"
echo "alone on 0: $(run 0)"
for k in $(seq 1 15); do
  run 0 > /tmp/a.txt & run $k > /tmp/b.txt & wait
  echo "0 with $k: $(cat /tmp/a.txt) $(cat /tmp/b.txt)"
done
echo "alone on 0: $(run 0)"
} 2>&1 | tee $OUT/dev7.log
