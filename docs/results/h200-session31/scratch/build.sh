#!/usr/bin/env bash
# Builds the scratch programs of session 31 into .gpu/scratch (run from the repository root, after
# scripts/gpu-pack.sh): Ew (each prefilter under the engine's count), Cand (candidates and passing looks
# of block q-grams), Vb (the vector look loop piece by piece), Rs (cpu:dfa's matchedPatterns over all
# loghub templates on 1-16 threads, wall and CPU time). Each sits in the package whose internals it reads.
set -euo pipefail
export JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
here=docs/results/h200-session31/scratch
src=$(mktemp -d)
mkdir -p "$src/dev/trawl/engine/cpu" "$src/dev/trawl/prefilter" "$src/dev/trawl/bench/experiment"
cp $here/Ew.java "$src/dev/trawl/engine/cpu/"
cp $here/Cand.java $here/Vb.java "$src/dev/trawl/prefilter/"
cp $here/Rs.java "$src/dev/trawl/bench/experiment/"
mkdir -p .gpu/scratch
"$JAVA_HOME/bin/javac" --add-modules jdk.incubator.vector -d .gpu/scratch \
  -cp "$(ls .gpu/lib/*.jar | tr '\n' ':')" $(find "$src" -name '*.java') 2>&1 | grep -v '^warning\|^Note' || true
rm -rf "$src"
