package dev.trawl.bench.experiment;

import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code --engines}: comma-separated names or globs ({@code cpu:*}, {@code peer:hyperscan*}); empty
 * means all. The baseline of an experiment always runs: it is what the others are checked against.
 */
public record EngineFilter(List<Pattern> globs) {
    public static final EngineFilter ALL = new EngineFilter(List.of());

    public static EngineFilter parse(String spec) {
        if (spec == null || spec.isBlank()) {
            return ALL;
        }
        return new EngineFilter(List.of(spec.split(",")).stream().map(String::trim).filter(s -> !s.isEmpty())
                .map(s -> Pattern.compile(Pattern.quote(s).replace("*", "\\E.*\\Q"))).toList());
    }

    public boolean accepts(String engine) {
        return globs.isEmpty() || globs.stream().anyMatch(g -> g.matcher(engine).matches());
    }
}
