/**
 * Matchers built on other engines' matchers, whichever engine (CPU or GPU) made them: {@link
 * dev.trawl.engine.LiteralRegexEngine} lets {@code auto} search regexes that are choices between
 * literal strings with a literal engine. The engines themselves live in {@code dev.trawl.engine.cpu}
 * and, for the GPU, in {@code trawl-cuda}.
 */
package dev.trawl.engine;
