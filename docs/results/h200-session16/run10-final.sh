#!/usr/bin/env bash
cd "$(dirname "$0")"
export TRAWL_CACHE_DIR=/tmp/trawl-cache
rm -rf $TRAWL_CACHE_DIR /tmp/trawl-cli.*
{
bash scripts/gpu-check.sh cli --stats --runs 5
echo "== again"
bash scripts/gpu-check.sh cli --runs 5
} 2>&1 | tee $OUT/dev10.log
