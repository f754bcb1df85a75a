package org.aspen.lab.scenario;

/**
 * A scenario or node configuration that cannot be used. The message is one line that names the
 * file, the field path and what is wrong: {@code line3.yaml: links[1].bandwidth: '10 Mbs' is not a rate}.
 */
public final class ConfigException extends RuntimeException {
    public ConfigException(String message) {
        super(message);
    }
}
