# Session 21, run 8: the 1,000-word count walk with 4, 6 and 8 lockstep streams over the compact rows
# (../h200-session20/Walk.java, scratch, with charm6 and charm8 added this session; compiled into .gpu/walk as
# Walk), one thread, 128 MiB, alternated; then the same on 16 processes at once (each one thread), as 16
# threads load the host.
cd "$(dirname "$0")"
{
cat ../data/loghub/*/*.log > /tmp/loghub.txt
for rep in 1 2; do
for f in ../data/iliad.txt /tmp/loghub.txt; do
  echo "=== one process, $f"
  jre/bin/java -cp lib/trawl-core.jar:walk Walk ../data/words/english-100k.txt 1000 $f 128 6 charm,charm6,charm8,int \
    | awk '/^(M-|states)/{next} {k=$1; all[k]=all[k]" "$4} END{for(k in all) print k, all[k]}'
done
done
for f in ../data/iliad.txt /tmp/loghub.txt; do
  echo "=== 16 processes at once, $f (per loop: the mean GB/s of repetitions 3-6 in each process, then min, mean and max over the 16)"
  for p in $(seq 16); do
    jre/bin/java -Xmx2g -cp lib/trawl-core.jar:walk Walk ../data/words/english-100k.txt 1000 $f 128 6 charm,charm8,int > /tmp/walk-$p.log &
  done
  wait
  for p in $(seq 16); do
    awk '/^(M-|states)/{next} {c[$1]++; if (c[$1]>2) {s[$1]+=$4; n[$1]++}} END{for(k in s) printf "%s %.3f\n", k, s[k]/n[k]}' /tmp/walk-$p.log
  done | awk '{k=$1; v=$2; if (!(k in mn) || v<mn[k]) mn[k]=v; if (v>mx[k]) mx[k]=v; s[k]+=v; n[k]++} END{for(k in s) printf "%s min %.3f mean %.3f max %.3f\n", k, mn[k], s[k]/n[k], mx[k]}'
done
} 2>&1 | tee $OUT/dev8.log
