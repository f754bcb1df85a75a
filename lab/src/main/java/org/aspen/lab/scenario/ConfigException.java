package org.aspen.lab.scenario;

import org.aspen.vnet.OneLine;

/**
 * A scenario or node configuration that cannot be used. The message is one line that names the
 * file, the field path and what is wrong: {@code line3.yaml: links[1].bandwidth: '10 Mbs' is not a rate}.
 * A value quoted from the file keeps the message on one line ({@link OneLine}: its line breaks and
 * other control characters are written as escapes).
 */
public final class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(OneLine.of(message));
    }
}
