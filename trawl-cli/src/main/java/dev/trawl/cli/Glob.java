package dev.trawl.cli;

/**
 * A shell wildcard as grep's {@code --include}/{@code --exclude} read it ({@code fnmatch} without
 * flags): {@code *} any run of characters ({@code /} and a leading {@code .} included), {@code ?}
 * one character, {@code [a-z]} and {@code [!a-z]} (or {@code [^a-z]}) a set, {@code \} quotes the
 * next character.
 */
final class Glob {
    private final String pattern;

    Glob(String pattern) {
        this.pattern = pattern;
    }

    boolean matches(String name) {
        return match(0, name, 0);
    }

    private boolean match(int p, String s, int i) {
        while (p < pattern.length()) {
            char c = pattern.charAt(p);
            switch (c) {
                case '*' -> {
                    while (p < pattern.length() && pattern.charAt(p) == '*') {
                        p++;
                    }
                    if (p == pattern.length()) {
                        return true;
                    }
                    for (int k = i; k <= s.length(); k++) {
                        if (match(p, s, k)) {
                            return true;
                        }
                    }
                    return false;
                }
                case '?' -> {
                    if (i == s.length()) {
                        return false;
                    }
                    p++;
                    i++;
                }
                case '[' -> {
                    int close = bracketEnd(p);
                    if (close < 0) { // no closing bracket: a plain '['
                        if (i == s.length() || s.charAt(i) != '[') {
                            return false;
                        }
                        p++;
                        i++;
                    } else {
                        if (i == s.length() || !inBracket(p + 1, close, s.charAt(i))) {
                            return false;
                        }
                        p = close + 1;
                        i++;
                    }
                }
                case '\\' -> {
                    char lit = p + 1 < pattern.length() ? pattern.charAt(p + 1) : '\\';
                    if (i == s.length() || s.charAt(i) != lit) {
                        return false;
                    }
                    p += p + 1 < pattern.length() ? 2 : 1;
                    i++;
                }
                default -> {
                    if (i == s.length() || s.charAt(i) != c) {
                        return false;
                    }
                    p++;
                    i++;
                }
            }
        }
        return i == s.length();
    }

    /** The index of the ']' closing the set opened at {@code open}, or -1. */
    private int bracketEnd(int open) {
        int k = open + 1;
        if (k < pattern.length() && (pattern.charAt(k) == '!' || pattern.charAt(k) == '^')) {
            k++;
        }
        if (k < pattern.length() && pattern.charAt(k) == ']') {
            k++; // a ']' first in the set is a member
        }
        for (; k < pattern.length(); k++) {
            char c = pattern.charAt(k);
            if (c == '\\') {
                k++;
            } else if (c == ']') {
                return k;
            }
        }
        return -1;
    }

    private boolean inBracket(int from, int close, char c) {
        boolean negate = pattern.charAt(from) == '!' || pattern.charAt(from) == '^';
        int k = negate ? from + 1 : from;
        boolean hit = false;
        while (k < close) {
            char lo = pattern.charAt(k);
            if (lo == '\\' && k + 1 < close) {
                lo = pattern.charAt(++k);
            }
            if (k + 2 < close && pattern.charAt(k + 1) == '-') {
                char hi = pattern.charAt(k + 2);
                if (hi == '\\' && k + 3 < close) {
                    hi = pattern.charAt(k + 3);
                    k++;
                }
                hit |= c >= lo && c <= hi;
                k += 3;
            } else {
                hit |= c == lo;
                k++;
            }
        }
        return hit != negate;
    }
}
