package dev.trawl.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The measurement settings Trawl's JMH benchmarks share, inherited by each (JMH reads these
 * annotations from superclasses): average time per operation in milliseconds, three warm-up and five
 * measured iterations of a second. Short on purpose: the benchmarks compare ways of asking and engines
 * against each other, not absolute numbers. {@code @Fork} stays on each benchmark, because their JVM
 * arguments differ (the vector module changes which prefilter an engine picks).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class TimedBenchmark {}
