package org.aspen.vnet;

/**
 * Text quoted into a one-line error message: line breaks and other control characters written as
 * {@code \n}, {@code \r}, {@code \t}, or a backslash, {@code u} and four hex digits.
 *
 * <pre>{@code
 * throw new IllegalArgumentException("bad name '" + OneLine.of(name, 40) + "'");
 * }</pre>
 */
public final class OneLine {
    private OneLine() {
    }

    /** {@code text} on one line, whole. */
    public static String of(String text) {
        return of(text, Integer.MAX_VALUE);
    }

    /** {@code text} on one line, cut after {@code max} characters (then ending in "..."). */
    public static String of(String text, int max) {
        if (text == null) {
            return null;
        }
        int n = Math.min(text.length(), max);
        StringBuilder b = new StringBuilder(n + 8);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (Character.isISOControl(c) || Character.getType(c) == Character.LINE_SEPARATOR
                            || Character.getType(c) == Character.PARAGRAPH_SEPARATOR) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        if (text.length() > n) {
            b.append("...");
        }
        return b.toString();
    }
}
