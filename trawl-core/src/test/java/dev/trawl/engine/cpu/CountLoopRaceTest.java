package dev.trawl.engine.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.engine.cpu.CountLoopRace.Loop;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link CountLoopRace}: the loop measured faster runs, the other is tried now and then, a forced one stays. */
class CountLoopRaceTest {

    /** Runs {@code rounds} rounds where the flagged loop takes {@code flaggedNs} and the table loop {@code tableNs}. */
    private static Map<Loop, Integer> run(CountLoopRace race, int rounds, long tableNs, long flaggedNs) {
        Map<Loop, Integer> used = new EnumMap<>(Loop.class);
        for (int i = 0; i < rounds; i++) {
            Loop loop = race.next();
            used.merge(loop, 1, Integer::sum);
            race.ran(loop, 1000, loop == Loop.FLAGGED ? flaggedNs : tableNs);
        }
        return used;
    }

    @Test
    void theFasterLoopRunsAndTheOtherIsTriedNowAndThen() {
        CountLoopRace race = new CountLoopRace(Loop.RACE);
        Map<Loop, Integer> used = run(race, 1600, 1000, 900);
        // Each loop runs once to be measured; then the flagged loop (faster) runs all but every 16th of
        // the other 1,598 rounds, where the table loop is tried again.
        assertEquals(1 + 1598 / 16, used.get(Loop.TABLE), "the table loop: its first round and every 16th");
        assertEquals(1 + 1598 - 1598 / 16, used.get(Loop.FLAGGED), "the flagged loop, the faster");
        // The machine changes its mind (the table loop got faster): the race follows within a few tries.
        Map<Loop, Integer> after = run(race, 1600, 500, 700);
        assertTrue(after.get(Loop.TABLE) > 1400, "the table loop took over: " + after);
    }

    @Test
    void aLoopFarBehindIsTriedLessOften() {
        CountLoopRace race = new CountLoopRace(Loop.RACE);
        // The table loop 1.6x slower: after the first two rounds it is tried every 128th round, not every 16th.
        Map<Loop, Integer> used = run(race, 2 + 1280, 1600, 1000);
        assertEquals(1 + 1280 / 128, used.get(Loop.TABLE), "the table loop: its first round and every 128th");
        // Far behind, then ahead: still found within one try.
        Map<Loop, Integer> after = run(race, 1280, 500, 1000);
        assertTrue(after.get(Loop.TABLE) > 1000, "the table loop took over: " + after);
    }

    @Test
    void aForcedLoopNeverChanges() {
        for (Loop forced : new Loop[] {Loop.TABLE, Loop.FLAGGED}) {
            Map<Loop, Integer> used = run(new CountLoopRace(forced), 100, 1000, forced == Loop.TABLE ? 1 : 1_000_000);
            assertEquals(Map.of(forced, 100), used);
        }
    }
}
