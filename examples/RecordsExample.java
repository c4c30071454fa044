import dev.trawl.Matcher;
import dev.trawl.PatternSet;
import dev.trawl.RecordPatterns;
import dev.trawl.Records;
import dev.trawl.Trawl;
import java.nio.file.Path;
import java.util.List;

/** Per-record answers over a log's lines. Run from the repository root: see the README, "Records". */
public class RecordsExample {
    public static void main(String[] args) {
        PatternSet patterns = PatternSet.builder()
                .add("Failed password")                   // 0: a literal
                .addRegex("Invalid user \\w+ from")        // 1: a regex
                .addRegex("port \\d+ ssh2$")               // 2: $ holds at each line's end
                .build();
        Matcher matcher = Trawl.compile(patterns);

        // The lines of a file, memory-mapped, '\r' before '\n' dropped: no copy, 4 bytes per line.
        try (Records lines = Records.mapLines(Path.of("data/loghub/OpenSSH/OpenSSH_2k.log"), true)) {
            boolean[] any = matcher.anyMatch(lines);      // does line i match at all?
            int[] first = matcher.firstMatch(lines);      // the pattern matching first in line i, or -1
            long[] count = matcher.countPerRecord(lines); // how many matches in line i
            RecordPatterns which = matcher.matchedPatterns(lines); // which patterns match in line i
            int matching = 0;
            for (boolean b : any) {
                matching += b ? 1 : 0;
            }
            System.out.println(matching + " of " + lines.size() + " lines match");
            for (int i = 0; i < lines.size() && i < 40; i++) {
                if (count[i] > 1) {
                    System.out.println("line " + i + ": first " + first[i] + ", all " + java.util.Arrays.toString(which.ids(i))
                            + ": " + lines.string(i));
                }
            }
            // Every match, ordered by line, then start; offsets inside the line.
            matcher.scanRecords(lines, (line, id, start, end) -> {
                System.out.println("line " + line + " [" + start + ", " + end + ") " + patterns.pattern(id));
                return line < 3; // false stops the scan
            });
        }

        // A string column, as Arrow lays it out: one buffer of UTF-8 bytes and an offset per row.
        Records column = Records.of(List.of("GET /index.html", "POST /login", "GET /favicon.ico"));
        Matcher get = Trawl.compile(PatternSet.builder().addRegex("^GET /\\w+\\.html$").build());
        System.out.println(java.util.Arrays.toString(get.anyMatch(column)));
    }
}
