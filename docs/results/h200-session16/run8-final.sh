#!/usr/bin/env bash
cd "$(dirname "$0")"
export TRAWL_CACHE_DIR=/tmp/trawl-cache
rm -rf $TRAWL_CACHE_DIR /tmp/trawl-cli.*
{
bash scripts/gpu-check.sh cli --stats --runs 5
W=$(ls -td /tmp/trawl-cli.* | head -1)
T=$W/trawl
sed "s#@[^ ]*jvm.options##" $T > $W/trawl-plain && chmod +x $W/trawl-plain
grep -c jvm.options $T $W/trawl-plain
D=/tmp/trawl-cli-inputs
B=$D/iliad-512MiB.txt
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
for conf in options plain options plain; do
  L=$T; [ $conf = plain ] && L=$W/trawl-plain
  for c in names10 words100k words200; do
    F=$B; [ $c = words200 ] && F=$D/iliad-50MB.txt
    for r in 1 2 3 4 5; do
      s=$(date +%s%N); $L -F -c -f $D/$c.txt $F >/dev/null 2>&1; e=$(date +%s%N); echo $(( (e-s)/1000000 ))
    done > /tmp/times
    echo "$conf $c -c median $(median < /tmp/times) ms ($(tr '\n' ' ' < /tmp/times))"
  done
done
for c in names10 words100k; do echo "$c counts: trawl $($T -F -c -f $D/$c.txt $B) grep $(grep -F -c -f $D/$c.txt $B)"; done
} 2>&1 | tee $OUT/dev8.log
