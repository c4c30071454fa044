# Session 20, run 3: the plain count walk's loop forms over 1,000 dictionary words on this host's Xeon, one
# thread, 128 MiB (Walk.java, compiled into .gpu/walk): int table branch-free (int), int table branching on
# a match (intb), 16-bit rows with a match bit (charb), 16-bit rows with states with outputs numbered from
# a power of two M (charm: no mask on the chain).
cd "$(dirname "$0")"
{
lscpu | grep -E "Model name|MHz"
cat ../data/loghub/*/*.log > /tmp/loghub.txt
for rep in 1 2; do
for f in ../data/iliad.txt /tmp/loghub.txt; do
  echo "=== $f"
  jre/bin/java -cp lib/trawl-core.jar:walk Walk ../data/words/english-100k.txt 1000 $f 128 5 int,intb,charb,charm \
    | awk '/^(M-|states)/{print; next} {k=$1; all[k]=all[k]" "$4; m[k]=$2} END{for(k in all) print k, m[k], all[k]}'
done
done
} 2>&1 | tee $OUT/dev3.log
