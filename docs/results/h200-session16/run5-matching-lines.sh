#!/usr/bin/env bash
cd "$(dirname "$0")"
export TRAWL_CACHE_DIR=/tmp/trawl-cache
rm -rf $TRAWL_CACHE_DIR
{
bash scripts/gpu-check.sh cli --stats --runs 5
echo "== again, cases 3-5"
bash scripts/gpu-check.sh cli --runs 5 --cases 3,4,5
T=$(ls -d /tmp/trawl-cli.*/trawl | head -1)
D=/tmp/trawl-cli-inputs
B=$D/iliad-512MiB.txt
for r in 1 2 3; do s=$(date +%s%N); TRAWL_CACHE_DIR=off $T --stats -F -c -f $D/words100k.txt $B 2>/tmp/st >/dev/null; e=$(date +%s%N); echo "no cache: 100k wall=$(( (e-s)/1000000 )) ms $(grep -h 'start-up' /tmp/st)"; done
for c in names10 words100k words200; do echo "$c counts: trawl $($T -F -c -f $D/$c.txt $B) grep $(grep -F -c -f $D/$c.txt $B)"; done
echo "200 words lines equal to grep: $(cmp <($T -F -f $D/words200.txt $D/iliad-50MB.txt) <(grep -F -f $D/words200.txt $D/iliad-50MB.txt) && echo yes)"
} 2>&1 | tee $OUT/dev5.log
