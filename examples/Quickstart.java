import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import java.nio.file.Path;

/** Run from the repository root: see the README, "Java API". */
public class Quickstart {
    public static void main(String[] args) {
        // Compile once; the matcher is immutable and can be shared between threads.
        PatternSet heroes = PatternSet.fromFile(Path.of("examples/heroes.txt"));
        Matcher matcher = Trawl.compile(heroes);

        // Count every occurrence in a memory-mapped file.
        System.out.println("matches in the Iliad: " + matcher.count(Path.of("data/iliad.txt")));

        // Stream matches (ordered by start, then pattern id) without building a list.
        String text = "Hector and Achilles, then Hector again";
        matcher.scan(text, (id, start, end) -> {
            System.out.println(heroes.pattern(id) + " at chars " + start + ".." + end);
            return true; // false would stop the scan
        });

        // Every overlapping occurrence, case-insensitive, on a chosen engine.
        PatternSet abc = PatternSet.builder().add("ab").add("BC").add("abc").caseInsensitive(true).build();
        Matcher naive = Trawl.compile(abc, MatcherOptions.defaults().withEngine("cpu:naive"));
        for (Match m : naive.findAll("xABCabc".getBytes())) {
            System.out.println(m);
        }
    }
}
