#!/usr/bin/env bash
# Runs a main class of trawl-spark in Spark's local mode: builds trawl-core and trawl-spark (the first
# run downloads Spark from Maven Central), then starts a JDK 25 with the flags Spark and Trawl need
# (spark.jvm.flags in trawl-spark/pom.xml) and Spark on the class path.
#   scripts/spark-run.sh dev.trawl.spark.SparkBench --rows 200000
# Extra JVM flags (e.g. -Xmx16g) go in JAVA_OPTS.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/find-jdk.sh
command -v mvn >/dev/null || { echo "trawl: Maven (mvn) is not on PATH: install Maven 3.8 or newer" >&2; exit 1; }
[ $# -ge 1 ] || { echo "usage: scripts/spark-run.sh MAIN_CLASS [ARGS...]" >&2; exit 2; }
main="$1"; shift
mvn -B -q package -pl trawl-spark -am -DskipTests 2>&1 | sed "s/\x1b\[[0-9;]*m//g"
[ "${PIPESTATUS[0]}" -eq 0 ] || exit 1
flags=$(sed -n 's:.*<spark.jvm.flags>\(.*\)</spark.jvm.flags>.*:\1:p' trawl-spark/pom.xml)
# shellcheck disable=SC2086 # the flags are words
exec "$JAVA_HOME/bin/java" $flags ${JAVA_OPTS:-} -Dlog4j2.configurationFile=trawl-spark/log4j2.properties \
  -Dspark.ui.enabled=false -cp "trawl-spark/target/classes:$(cat trawl-spark/target/classpath.txt)" "$main" "$@"
