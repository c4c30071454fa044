/**
 * Trawl's regular expressions: syntax, semantics, and the pipeline every regex engine shares.
 *
 * <h2>Pipeline</h2>
 * {@link dev.trawl.regex.Parser} (RE2-style syntax, errors as {@link dev.trawl.regex.RegexSyntaxException}
 * with construct and position) builds a {@link dev.trawl.regex.Regexp}; {@link dev.trawl.regex.Simplify}
 * drops lazy tails; {@link dev.trawl.regex.Compiler} emits one Thompson {@link dev.trawl.regex.Prog}
 * over UTF-8 bytes for all the regexes of a set; {@link dev.trawl.regex.Closure} is its priority
 * epsilon closure. Engines: {@link dev.trawl.regex.PikeVm} / {@link dev.trawl.regex.PikeScanner}
 * ({@code cpu:pike}), {@link dev.trawl.regex.LazyDfa} / {@link dev.trawl.regex.DfaScanner}
 * ({@code cpu:dfa}, behind the literal prefilter of {@code engine.cpu.PrefilterScanner}, which uses
 * {@link dev.trawl.regex.LiteralExtractor}). {@link dev.trawl.regex.LiteralAlternatives} recognises
 * regexes that are only a choice between literal strings, which {@code auto} searches with a literal
 * engine ({@code dev.trawl.engine.LiteralRegexEngine}). {@link dev.trawl.regex.Regexes} builds the
 * regexes the command line's {@code -F}, {@code -w} and {@code -x} need.
 *
 * <h2>Semantics: the contract of every regex engine</h2>
 * For each regex pattern, the matches are the spans {@code java.util.regex.Matcher.find()} returns
 * on the same text (leftmost-first, non-overlapping; after an empty match the next search starts
 * one character further), with {@code Pattern.UNIX_LINES} semantics and Java's defaults otherwise:
 * <ul>
 *   <li>{@code \n} is the only line terminator: {@code .} matches anything else ({@code \r} too),
 *       {@code $} matches at the end or before a final {@code \n}, {@code (?m)^} matches after any
 *       {@code \n} except at the very end of the text.
 *   <li>{@code \d \w \s \b} and POSIX classes are ASCII; {@code (?i)} folds ASCII letters only, and
 *       every letter with {@code (?iu)} (Java's {@code UNICODE_CASE}; RE2 always folds so).
 *   <li>{@code .} and classes match whole UTF-8 code points; bytes that are not valid UTF-8 match
 *       no class and no {@code .}, only nothing (so a regex never matches inside a broken sequence).
 *   <li>A loop ends after an iteration that matched empty, as Java's do, counted loops included.
 *   <li>Differences, all with supplementary characters or combining marks: Java resumes after an
 *       empty match one {@code char} further, which for a supplementary code point is the middle of
 *       its surrogate pair; Trawl resumes at the next code point. Java counts a non-spacing mark
 *       after a letter as a word character for {@code \b}; Trawl does not.
 * </ul>
 * Literal patterns of the same set keep their own contract (every occurrence, overlapping); all
 * matches arrive ordered by start, then pattern id. Offsets are byte offsets, or {@code char}
 * offsets for {@code CharSequence} inputs.
 *
 * <h2>Records</h2>
 * Engines search a {@link dev.trawl.regex.Text}: a segment and a {@code [start, end)} range whose
 * edges are the edges every assertion sees ({@code ^ $ \A \z \b}). A whole input is {@code [0,
 * size)}; a record is its own range, so per-record operations (any match, which patterns, first
 * match, count) are one {@link dev.trawl.regex.RegexScanner#scan} per record with a sink that stops
 * early where it may.
 *
 * <h2>Limits</h2>
 * Counts up to {@value dev.trawl.regex.Parser#MAX_REPEAT}; programs up to
 * {@value dev.trawl.regex.Compiler#MAX_INSTRUCTIONS} instructions; loops whose bodies can match
 * empty nested at most {@value dev.trawl.regex.Compiler#MAX_NULLABLE_LOOP_DEPTH} deep; a DFA state
 * cache of {@value dev.trawl.regex.DfaScanner#DEFAULT_BUDGET} bytes. Counts and nesting are a
 * {@link dev.trawl.regex.RegexSyntaxException} (the regex itself), the program size a
 * {@link dev.trawl.PatternLimitException} (the set as a whole); the cache falls back to the Pike VM.
 */
package dev.trawl.regex;
