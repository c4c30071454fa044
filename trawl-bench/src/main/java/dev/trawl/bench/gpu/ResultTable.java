package dev.trawl.bench.gpu;

import java.util.List;

/** The end of a GPU bench's run: its Markdown table, then whether every answer agreed, as the exit status. */
final class ResultTable {
    private ResultTable() {
    }

    /**
     * Prints a blank line, {@code header}, the {@code alignment} row and {@code rows}, then {@code agreed}
     * when {@code ok} and a mismatch note when not; returns 0 when {@code ok}, 1 when not.
     */
    static int print(String header, String alignment, List<String> rows, boolean ok, String agreed) {
        System.out.println();
        System.out.println(header);
        System.out.println(alignment);
        rows.forEach(System.out::println);
        System.out.println(ok ? agreed : "MISMATCH: see above");
        return ok ? 0 : 1;
    }
}
