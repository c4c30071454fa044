package dev.trawl.testing;

import dev.trawl.Input;
import dev.trawl.Match;
import dev.trawl.Matcher;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/** The matches a matcher's batched scan hands out, joined back into one list to compare with its match stream. */
public final class BatchedMatches {
    private BatchedMatches() {
    }

    /** The matches of {@code m.scan(in, ...)} in the order handed out; {@code eachBatch} sees every batch's count first. */
    public static List<Match> of(Matcher m, Input in, IntConsumer eachBatch) {
        List<Match> got = new ArrayList<>();
        m.scan(in, (ids, starts, ends, count) -> {
            eachBatch.accept(count);
            for (int i = 0; i < count; i++) {
                got.add(new Match(ids[i], starts[i], ends[i]));
            }
            return true;
        });
        return got;
    }
}
