package org.aspen.ee.api;

/**
 * The AA's log, tagged with its name and version and the node's name. Messages use SLF4J-style
 * {@code {}} placeholders; a trailing Throwable argument is logged with its stack trace.
 *
 * <pre>{@code
 * ctx.log().info("filter for {} deleted {} packets", conn, n);
 * }</pre>
 */
public interface AaLog {
    void debug(String format, Object... args);

    void info(String format, Object... args);

    void warn(String format, Object... args);

    void error(String format, Object... args);
}
