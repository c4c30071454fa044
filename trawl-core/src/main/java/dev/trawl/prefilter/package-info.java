/**
 * Prefilters: fast, conservative tests for where a literal match may start, run in front of an
 * automaton that confirms. {@link dev.trawl.prefilter.Prefilters#choose} picks one per pattern set
 * (or none): the Teddy fingerprint for small sets, the FDR shift-or filter for hundreds to
 * thousands of literals, block q-grams (or Wu-Manber skipping) for long ones. {@link dev.trawl.prefilter.Teddy} is the
 * only class that uses the incubating Vector API and is loaded only when the
 * {@code jdk.incubator.vector} module is present.
 */
package dev.trawl.prefilter;
