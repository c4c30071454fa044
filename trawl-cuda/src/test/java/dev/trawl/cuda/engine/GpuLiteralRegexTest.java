package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.cuda.Gpu;
import dev.trawl.engine.CostRoutedEngine;
import dev.trawl.testing.RandomRegex;
import dev.trawl.testing.TestData;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Regexes that are literals or choices of literals: with a GPU, {@code auto} runs them on gpu:pfac
 * and keeps each regex's {@code find()} matches; checked against {@code cpu:dfa}. {@code auto} is told
 * to use the GPU for every call here (its cost routing would keep these small inputs on the CPU).
 */
@Tag("gpu")
class GpuLiteralRegexTest {
    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
        System.setProperty(CostRoutedEngine.POLICY_PROPERTY, "always");
    }

    @AfterEach
    void restore() {
        System.clearProperty(CostRoutedEngine.POLICY_PROPERTY);
    }

    @Test
    void autoKeepsSmallInputsOnTheCpuAndCanBeSentToTheGpu() {
        System.clearProperty(CostRoutedEngine.POLICY_PROPERTY);
        PatternSet set = PatternSet.of(TestData.HERO_NAMES.toArray(String[]::new));
        byte[] iliad = TestData.iliadBytes();
        Matcher auto = Trawl.compile(set);
        long want = Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:naive")).count(Input.of(iliad));
        assertEquals(want, auto.count(Input.of(iliad)));
        assertTrue(auto.engine().startsWith("cpu:"), "a small input ran on " + auto.engine());
        System.setProperty(CostRoutedEngine.POLICY_PROPERTY, "always");
        Matcher onGpu = Trawl.compile(set);
        assertEquals(want, onGpu.count(Input.of(iliad)));
        assertEquals(GpuPfacEngine.NAME, onGpu.engine());
    }

    @Test
    void heroNamesAsOneAlternationRunOnTheGpu() {
        PatternSet set = PatternSet.builder().addRegex(String.join("|", TestData.HERO_NAMES)).addRegex("the|then|he")
                .add("Achilles").build();
        Matcher auto = Trawl.compile(set);
        Matcher dfa = Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:dfa"));
        byte[] iliad = TestData.iliadBytes();
        assertEquals(dfa.findAll(Input.of(iliad)), auto.findAll(Input.of(iliad)));
        assertEquals(dfa.count(Input.of(iliad)), auto.count(Input.of(iliad)));
        assertEquals(dfa.countMatchingRecords(Input.of(iliad), (byte) '\n'),
                auto.countMatchingRecords(Input.of(iliad), (byte) '\n'));
        assertEquals("gpu:pfac (regexes as literals)", auto.engine());
    }

    @Test
    void randomLiteralChoicesAgreeWithTheDfa() {
        Random r = new Random(20261123L);
        int routed = 0;
        for (int i = 0; i < 200; i++) {
            PatternSet.Builder b = PatternSet.builder().caseInsensitive(r.nextInt(3) == 0);
            for (int k = 0, n = 1 + r.nextInt(4); k < n; k++) {
                b.addRegex(RandomRegex.literalChoice(r, "ab\u00e9\n", 0));
            }
            PatternSet set = b.build();
            Matcher auto = Trawl.compile(set);
            String text = RandomRegex.text(r, "abAB\u00e9\n", 400);
            Matcher dfa = Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:dfa"));
            assertEquals(dfa.findAll(text), auto.findAll(text), set + " on " + text);
            if (!auto.engine().startsWith("gpu:pfac")) {
                continue;
            }
            routed++;
        }
        assertTrue(routed > 100, "routed " + routed);
    }
}
