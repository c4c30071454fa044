#!/usr/bin/env bash
# The Spark example job: classifies every line of the loghub samples by template and counts lines per
# template, in local mode on all cores. Needs only JDK 25 and Maven (Spark is downloaded on first run).
exec "$(dirname "$0")/spark-run.sh" dev.trawl.spark.LoghubExample "$@"
