#!/usr/bin/env bash
cd "$(dirname "$0")"
export TRAWL_CACHE_DIR=/tmp/trawl-cache
rm -rf $TRAWL_CACHE_DIR
{
bash scripts/gpu-check.sh cli --stats --runs 5
T=$(ls -d /tmp/trawl-cli.*/trawl | head -1)
D=/tmp/trawl-cli-inputs
B=$D/iliad-512MiB.txt
for cache in /tmp/trawl-cache off; do
 for opts in "" "-XX:-TieredCompilation"; do
  for c in names10 words100k; do
    for r in 1 2 3; do
      s=$(date +%s%N); TRAWL_CACHE_DIR=$cache TRAWL_JAVA_OPTS="$opts" $T --stats -F -c -f $D/$c.txt $B 2>/tmp/st >/dev/null; e=$(date +%s%N)
      echo "cache=$cache opts=[$opts] $c wall=$(( (e-s)/1000000 )) ms $(grep -h 'start-up' /tmp/st)"
    done
  done
 done
done
for r in 1 2 3; do s=$(date +%s%N); grep -F -c -f $D/words100k.txt $B >/dev/null; e=$(date +%s%N); echo "grep 100k $(( (e-s)/1000000 )) ms"; done
ls -la /tmp/trawl-cache
for c in names10 words100k; do echo "$c counts: trawl $($T -F -c -f $D/$c.txt $B) grep $(grep -F -c -f $D/$c.txt $B)"; done
} 2>&1 | tee $OUT/dev4.log
