package dev.trawl.engine;

import dev.trawl.Engine;
import dev.trawl.EngineUnavailableException;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import java.util.Optional;

/**
 * What {@code auto} picks for a set whose regexes are all choices between literal strings ({@code
 * error}, {@code foo|bar}): the literal engine {@code auto} would pick for the {@linkplain
 * LiteralRegexPlan derived literal set}, behind a {@link LiteralRegexMatcher} that turns its matches
 * back into the regexes' {@code find()} matches. Made per set by {@code auto} (which chooses the
 * literal engine and hands it in); not in the registry, so it cannot be named: an engine given by
 * name runs as it always does.
 *
 * @param plan the set's literals (another set is planned afresh)
 * @param literalEngine the engine that searches {@code plan}'s literals (which takes them)
 */
public record LiteralRegexEngine(LiteralRegexPlan plan, Engine literalEngine) implements Engine {
    private static final String NOT_LITERAL = "a regex of the set is not a choice between literal strings";

    /** The literal engine's name plus {@value LiteralRegexMatcher#SUFFIX}, as its matchers report. */
    @Override
    public String name() {
        return literalEngine.name() + LiteralRegexMatcher.SUFFIX;
    }

    @Override
    public String description() {
        return "regexes that are choices between literal strings, searched by " + literalEngine.name()
                + " and filtered to each regex's leftmost-first, non-overlapping matches";
    }

    @Override
    public Optional<String> unavailableReason() {
        return literalEngine.unavailableReason();
    }

    @Override
    public boolean supportsRegex() {
        return true;
    }

    @Override
    public Optional<String> rejects(PatternSet patterns) {
        return planFor(patterns).map(p -> literalEngine.rejects(p.literals()))
                .orElse(Optional.of(NOT_LITERAL));
    }

    @Override
    public Matcher compile(PatternSet patterns, MatcherOptions options) {
        LiteralRegexPlan p = planFor(patterns).orElseThrow(() -> refusal(NOT_LITERAL));
        literalEngine.rejects(p.literals()).ifPresent(why -> {
            throw refusal(why);
        });
        return new LiteralRegexMatcher(p, literalEngine.compile(p.literals(), options));
    }

    private EngineUnavailableException refusal(String why) {
        return new EngineUnavailableException(name() + " cannot take this pattern set: " + why);
    }

    private Optional<LiteralRegexPlan> planFor(PatternSet patterns) {
        return patterns == plan.original() ? Optional.of(plan) : LiteralRegexPlan.of(patterns);
    }
}
