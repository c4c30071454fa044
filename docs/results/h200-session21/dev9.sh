# Session 21, run 9 (and 10, with the copies): 1,000 words over 512 MiB on 16 threads in one process (Par.java, scratch, compiled
# into .gpu/par): the raw 4-stream compact walk on each thread's slice of a heap array (on the shared tables, then on copies each thread makes), against
# cpu:aho-corasick's count of the heap array and of the same bytes mapped; then on one thread.
cd "$(dirname "$0")"
{
cat ../data/loghub/*/*.log > /tmp/loghub.txt
for f in ../data/iliad.txt /tmp/loghub.txt; do
  for t in 16 1; do
    echo "=== $f, $t threads"
    jre/bin/java -Xmx8g -cp lib/trawl-core.jar:par Par ../data/words/english-100k.txt $f 512 $t 8
  done
done
} 2>&1 | tee $OUT/dev9.log
