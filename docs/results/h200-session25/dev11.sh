# Session 25, run 11: does the count's window copy cost what JFR says (16% of samples in the copy, run 9/10)?
# Pm.java over 256 MiB of native memory, the 1,000-word flagged-rows loop: copying each 1 MiB block into a heap
# window first (pmicopy, as the engine does), reading the segment a byte at a time (pmiseg), or 8 bytes at a
# time (pmiseg8); alternated, one process, then 16 processes at once (medians of their last rounds).
cd "$(dirname "$0")"
java=$(pwd)/jre/bin/java
cat ../data/loghub/*/*_2k.log > /tmp/loghub.txt
{
for text in ../data/iliad.txt /tmp/loghub.txt; do
  echo "=== one process, $text"
  $java -Xmx2g -cp scratch/cls:lib/trawl-core.jar Pm ../data/words/english-100k.txt 1000 $text 256 5 pmicopy,pmiseg,pmiseg8 | tail -9
  echo "=== 16 processes at once, $text (median of each process's last 2 rounds)"
  for k in $(seq 1 16); do $java -Xmx1g -cp scratch/cls:lib/trawl-core.jar Pm ../data/words/english-100k.txt 1000 $text 256 5 pmicopy,pmiseg,pmiseg8 > /tmp/pm$k.txt & done; wait
  for v in pmicopy pmiseg pmiseg8; do echo "$v: $(for f in /tmp/pm?.txt /tmp/pm??.txt; do grep "^$v " $f | tail -2; done | awk '{print $(NF-1)}' | sort -n | awk '{a[NR]=$1} END {print "median", a[int((NR+1)/2)], "min", a[1], "max", a[NR]}')"; done
done
} 2>&1 | tee $OUT/dev11.log
