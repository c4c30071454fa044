#!/usr/bin/env bash
cd "$(dirname "$0")"
export TRAWL_CACHE_DIR=/tmp/trawl-cache
rm -rf $TRAWL_CACHE_DIR
{
bash scripts/gpu-check.sh cli --runs 5
echo "== the same with -XX:-TieredCompilation"
TRAWL_JAVA_OPTS="-XX:-TieredCompilation" bash scripts/gpu-check.sh cli --runs 5
T=$(ls -d /tmp/trawl-cli.*/trawl | head -1)
D=/tmp/trawl-cli-inputs
B=$D/iliad-512MiB.txt
for slice in 268435456 1073741824 268435456 1073741824; do
  for c in names10 words100k; do
    s=$(date +%s%N); TRAWL_JAVA_OPTS="-Dtrawl.cli.mappedSlice=$slice" $T --stats -F -c -f $D/$c.txt $B 2>/tmp/st >/dev/null; e=$(date +%s%N)
    echo "slice=$slice $c wall=$(( (e-s)/1000000 )) ms $(grep -h 'start-up' /tmp/st)"
  done
done
echo "== timeline, 100K"
TRAWL_JAVA_OPTS="-XX:+PrintCompilation -Xlog:gc,safepoint:stdout:uptime" $T --stats -F -c -f $D/words100k.txt $B > /tmp/tl.txt 2>&1
grep -E "dev.trawl.(engine|scan|cli.FileSearch)| 4 |gc|Safepoint|start-up" /tmp/tl.txt | grep -v " 1 \| 2 \| 3 " | head -80
} 2>&1 | tee $OUT/dev6.log
