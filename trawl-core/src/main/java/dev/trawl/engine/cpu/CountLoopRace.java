package dev.trawl.engine.cpu;

/**
 * Which of two interchangeable count loops runs the next round where matches are rare, by their
 * measured time on this machine: the branch-free walk over the automaton's table, or the branching
 * walk over its {@link dev.trawl.automaton.FlaggedRows}. Each round's time per iteration feeds a
 * running mean of the loop that ran it; the faster mean is used, and the other loop is tried once
 * every {@value #TRY_OTHER_EVERY} rounds ({@value #TRY_FAR_BEHIND_EVERY} when it is far behind) so
 * that a mean taken cold (before the JIT compiled the loop) or on other text does not settle it for
 * good. Both loops give the same counts, so the choice touches only speed.
 *
 * <p>Why measure: the two machines this project measures on have disagreed. When the branching walk
 * read 16-bit ids (a shift on its chain of loads), a 2-core Zen 4 (32 KiB of L1d) counted 1,000
 * dictionary words over the Iliad at 1.4-1.5 GB/s on it against the branch-free walk's 1.2, and the
 * H200 host's Xeon (48 KiB of L1d) at 0.69-0.72 against 0.75-0.79 (in a later run, forced on four
 * threads, 2.4-2.6 against 1.7-2.2: that host's rates move by a fifth from run to run). Over ready
 * offsets, one thread, 128 MiB, the Zen 4 measures 1.91-1.96 against 1.20-1.21.
 *
 * <p>Shared by the threads of one searcher; the means are read and written without locks (a lost
 * update only delays the choice by a round).
 */
final class CountLoopRace {
    /** Which loop runs a round. */
    enum Loop {
        /** The branch-free walk over the automaton's table. */
        TABLE,
        /** The branching walk over the flagged rows. */
        FLAGGED,
        /** Whichever is measured faster. */
        RACE
    }

    /** Rounds between two tries of the loop that is not ahead. */
    static final int TRY_OTHER_EVERY = 16;
    /**
     * Rounds between two tries of a loop that is far behind (its mean over {@value #FAR_BEHIND} times the
     * other's): each try costs its round that much, and a 1.6x slower loop tried every 16th round
     * cost the race 4% against the faster loop forced (1,000 words over the Iliad, 2-core Zen 4).
     */
    static final int TRY_FAR_BEHIND_EVERY = 128;
    /** How much slower a loop's mean must be to count as far behind. */
    static final double FAR_BEHIND = 1.25;

    private final Loop forced;
    private volatile double tableNs;
    private volatile double flaggedNs;
    private int rounds; // racy: only spaces the tries out

    /** A race, or ({@code forced} other than {@link Loop#RACE}) always the one loop. */
    CountLoopRace(Loop forced) {
        this.forced = forced;
    }

    /** The loop for the next round. */
    Loop next() {
        if (forced != Loop.RACE) {
            return forced;
        }
        double t = tableNs;
        double c = flaggedNs;
        if (t == 0) {
            return Loop.TABLE;
        }
        if (c == 0) {
            return Loop.FLAGGED;
        }
        Loop ahead = c <= t ? Loop.FLAGGED : Loop.TABLE;
        int every = Math.max(c, t) > FAR_BEHIND * Math.min(c, t) ? TRY_FAR_BEHIND_EVERY : TRY_OTHER_EVERY;
        if (++rounds % every != 0) {
            return ahead;
        }
        return ahead == Loop.FLAGGED ? Loop.TABLE : Loop.FLAGGED;
    }

    /** A round of {@code iterations} ran on {@code loop} in {@code ns}. */
    void ran(Loop loop, long iterations, long ns) {
        if (forced != Loop.RACE || iterations <= 0) {
            return;
        }
        double perIteration = (double) ns / iterations;
        if (loop == Loop.TABLE) {
            tableNs = blend(tableNs, perIteration);
        } else {
            flaggedNs = blend(flaggedNs, perIteration);
        }
    }

    /** Recent rounds weigh most: the first ones may have run before the JIT compiled the loop. */
    private static double blend(double mean, double measured) {
        return mean == 0 ? measured : 0.75 * mean + 0.25 * measured;
    }
}
