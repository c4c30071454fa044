# Session 25, run 3: the 1,000-word count walk's loop shapes on this Xeon (scratch Pm.java, Fr.java beside this
# script): the engine's compact 4-stream walk (charm), premultiplied int rows (pmi), 8 streams of each (pmi8,
# charm8), 256-wide rows with no class lookup (raw); and the walk against the shift-or filters (Fr). One process,
# then 16 at once (the per-core rate under load), over the Iliad and loghub lines, 128 MiB each.
cd "$(dirname "$0")"
java=$(pwd)/jre/bin/java
cp=scratch/cls:lib/trawl-core.jar
{
cat ../data/loghub/*/*_2k.log > /tmp/loghub.txt
for text in ../data/iliad.txt /tmp/loghub.txt; do
  echo "=== one process, $text"
  $java -cp $cp Pm ../data/words/english-100k.txt 1000 $text 128 4 charm,pmi,pmi8,charm8,raw | tail -5
  $java -cp $cp dev.trawl.engine.cpu.Fr ../data/words/english-100k.txt 1000 $text 128 3 | tail -3
  echo "=== 16 processes at once, $text (last rep of each)"
  for k in $(seq 1 16); do $java -Xmx2g -cp $cp Pm ../data/words/english-100k.txt 1000 $text 128 4 charm,pmi,pmi8 > /tmp/pm$k.txt & done; wait
  for v in charm pmi pmi8; do echo "$v: $(for f in /tmp/pm?.txt /tmp/pm??.txt; do grep "^$v " $f | tail -1; done | awk '{print $(NF-1)}' | sort -n | tr '\n' ' ')"; done
done
} 2>&1 | tee $OUT/dev3.log
