package org.aspen.lab.scenario;

import org.aspen.vnet.OneLine;

/**
 * A scenario or node configuration that cannot be used. The message is one line that names the
 * file, the field path and what is wrong: {@code line3.yaml: links[1].bandwidth: '10 Mbs' is not a rate}.
 * A value quoted from the file keeps the message on one line ({@link OneLine}: its line breaks and
 * other control characters are written as escapes).
 *
 * <p>A syntax error also carries an {@link #excerpt()}: the offending line of the file and a caret
 * under the column, for printing below the message.
 *
 * <pre>{@code
 * catch (ConfigException e) {
 *     err.println(e.getMessage());
 *     e.excerpt().lines().forEach(err::println);
 * }
 * }</pre>
 */
public final class ConfigException extends RuntimeException {
    private final String excerpt;

    public ConfigException(String message) {
        this(message, "");
    }

    /** {@code excerpt}: lines to print below the one-line message (empty for none). */
    public ConfigException(String message, String excerpt) {
        super(OneLine.of(message));
        this.excerpt = excerpt == null ? "" : excerpt;
    }

    /** The offending line and a caret under its column, or empty. */
    public String excerpt() {
        return excerpt;
    }
}
