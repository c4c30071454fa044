package dev.trawl.cli;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** The little JSON the CLI writes, escaped as serde_json (ripgrep's writer) escapes it. */
final class Json {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Json() {}

    static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20) {
                        sb.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 15]);
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    /**
     * ripgrep's arbitrary data: {@code {"text":"..."}} for valid UTF-8, {@code {"bytes":"BASE64"}}
     * otherwise.
     */
    static void data(StringBuilder sb, MemorySegment text, long from, long to) {
        byte[] bytes = text.asSlice(from, to - from).toArray(ValueLayout.JAVA_BYTE);
        if (Bytes.validUtf8(text, from, to)) {
            sb.append("{\"text\":");
            string(sb, new String(bytes, StandardCharsets.UTF_8));
        } else {
            sb.append("{\"bytes\":\"").append(Base64.getEncoder().encodeToString(bytes)).append('"');
        }
        sb.append('}');
    }

    /** ripgrep's duration: {@code {"secs":S,"nanos":N,"human":"0.000012s"}} (keys in the order given). */
    static void duration(StringBuilder sb, long nanos, boolean sortedKeys) {
        long secs = nanos / 1_000_000_000L;
        long rest = nanos % 1_000_000_000L;
        String human = String.format(java.util.Locale.ROOT, "%.6fs", nanos / 1e9);
        if (sortedKeys) {
            sb.append("{\"human\":\"").append(human).append("\",\"nanos\":").append(rest).append(",\"secs\":").append(secs);
        } else {
            sb.append("{\"secs\":").append(secs).append(",\"nanos\":").append(rest).append(",\"human\":\"").append(human)
                    .append('"');
        }
        sb.append('}');
    }
}
