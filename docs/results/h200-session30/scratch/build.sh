#!/usr/bin/env bash
# Builds the scratch programs of runs 1-3 into .gpu/scratch (run from the repository root, after
# scripts/gpu-pack.sh). BG2 is BlockGrams as it was at 163902b (the scalar filter before this session),
# renamed, with its fields opened to the package; Lv, BgVar and BgVec are the measurements.
set -euo pipefail
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
src=$(mktemp -d)
mkdir -p "$src/dev/trawl/prefilter"
git show 163902b:trawl-core/src/main/java/dev/trawl/prefilter/BlockGrams.java | sed \
  -e 's/public final class BlockGrams implements InPlacePrefilter/public class BG2 implements InPlacePrefilter/' \
  -e 's/private BlockGrams(PatternSet patterns)/BG2(PatternSet patterns)/' -e 's/BlockGrams/BG2/g' \
  -e 's/private final/final/' -e 's/final long gramMask/long gramMask/' -e 's/private long hash/long hash/' \
  -e 's/private static boolean get/static boolean get/' -e 's/    private long startsUnder(/    long startsUnder(/' \
  > "$src/dev/trawl/prefilter/BG2.java"
# BgVec calls BG2.passed (startsUnder without the gram test), which 163902b did not have.
python3 - "$src/dev/trawl/prefilter/BG2.java" <<'PY'
import sys
p = sys.argv[1]; s = open(p).read().rstrip()
s = s[:-1] + '''
    long passed(java.lang.foreign.MemorySegment a, long g, long from, long to, long limit) {
        long h = hash(word(a, g));
        for (int m = offsets[(int) (h >>> offsetShift)]; m != 0; m &= ~Integer.highestOneBit(m)) {
            long x = g - (31 - Integer.numberOfLeadingZeros(m));
            if (x < from) continue;
            if (x >= to || x + window > limit) return to;
            if (get(prefixes, (int) (prefixHash(word(a, x)) >>> prefixShift))) return x;
        }
        return -1;
    }
}
'''
open(p, 'w').write(s)
PY
cp docs/results/h200-session30/scratch/*.java "$src/dev/trawl/prefilter/"
mkdir -p .gpu/scratch
"$JAVA_HOME/bin/javac" --add-modules jdk.incubator.vector -d .gpu/scratch \
  -cp "$(ls .gpu/lib/*.jar | tr '\n' ':')" "$src"/dev/trawl/prefilter/*.java 2>&1 | grep -v '^warning\|^Note' || true
rm -rf "$src"
