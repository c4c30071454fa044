# Session 26, run 6: every gpu-tagged test of trawl-cuda on the final code (copy lanes the default).
cd "$(dirname "$0")"
TRAWL_TEST_TIMEOUT=580 TRAWL_TEST_DETAILS=summary bash scripts/gpu-check.sh tests 2>&1 | grep -vE "^\s*$" | tail -30 | tee $OUT/dev6.log
