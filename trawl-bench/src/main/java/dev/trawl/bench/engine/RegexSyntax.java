package dev.trawl.bench.engine;

import dev.trawl.regex.Regexes;
import java.nio.charset.StandardCharsets;

/**
 * Writes literals and log templates in the regex syntax that java.util.regex, RE2/J and Hyperscan
 * all read the same way: letters, digits and {@code _} as themselves, every other byte as {@code \xHH}.
 * Texts reach java.util.regex and RE2/J as ISO-8859-1 strings (one char per byte) and native Hyperscan
 * as bytes, so {@code \xHH} means the same byte everywhere. The hyperscan-java wrapper encodes strings
 * as UTF-8 before scanning, so for it bytes above 0x7F are written as their UTF-8 encoding.
 */
public final class RegexSyntax {
    private RegexSyntax() {}

    /** The literal (a Latin-1 string) as a regex matching exactly its bytes. */
    public static String literal(String latin1, boolean utf8) {
        StringBuilder sb = new StringBuilder(latin1.length() * 2);
        for (int i = 0; i < latin1.length(); i++) {
            char c = latin1.charAt(i);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') {
                sb.append(c);
            } else if (c < 0x80 || !utf8) {
                hex(sb, c);
            } else {
                for (byte b : String.valueOf(c).getBytes(StandardCharsets.UTF_8)) {
                    hex(sb, b & 0xFF);
                }
            }
        }
        return sb.toString();
    }

    /**
     * A loghub template ({@code <*>} marks a variable part) as an unanchored regex: the literal parts in
     * order, any run of non-newline bytes between them. Variable parts at either end are dropped, since
     * an unanchored search does not need them.
     */
    public static String template(String template, boolean utf8) {
        return Regexes.template(template, part -> literal(part, utf8), ".*");
    }

    /** The UTF-8 form of a regex built from a Latin-1 one (only {@code \xHH} escapes above 0x7F change). */
    public static String toUtf8Escapes(String regex) {
        StringBuilder sb = new StringBuilder(regex.length());
        for (int i = 0; i < regex.length(); i++) {
            if (regex.startsWith("\\x", i) && i + 4 <= regex.length()) {
                int b = Integer.parseInt(regex.substring(i + 2, i + 4), 16);
                if (b >= 0x80) {
                    for (byte u : String.valueOf((char) b).getBytes(StandardCharsets.UTF_8)) {
                        hex(sb, u & 0xFF);
                    }
                } else {
                    sb.append(regex, i, i + 4);
                }
                i += 3;
            } else {
                sb.append(regex.charAt(i));
            }
        }
        return sb.toString();
    }

    private static void hex(StringBuilder sb, int b) {
        sb.append("\\x").append(Character.forDigit(b >> 4, 16)).append(Character.forDigit(b & 15, 16));
    }
}
