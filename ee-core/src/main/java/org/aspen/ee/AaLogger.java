package org.aspen.ee;

import org.aspen.ee.api.AaLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The EE's {@link AaLog}: SLF4J logger {@code aa.<name>}, every line prefixed with
 * {@code node name@version:}.
 *
 * <pre>{@code
 * AaLog log = new AaLogger("r1", code);
 * }</pre>
 */
final class AaLogger implements AaLog {
    private final Logger log;
    private final String prefix;

    AaLogger(String nodeName, AaCode code) {
        this.log = LoggerFactory.getLogger("aa." + code.name());
        // braces in names would be read as placeholders
        this.prefix = (nodeName + " " + code.id() + ": ").replace("{", "(").replace("}", ")");
    }

    @Override
    public void debug(String format, Object... args) {
        log.debug(prefix + format, args);
    }

    @Override
    public void info(String format, Object... args) {
        log.info(prefix + format, args);
    }

    @Override
    public void warn(String format, Object... args) {
        log.warn(prefix + format, args);
    }

    @Override
    public void error(String format, Object... args) {
        log.error(prefix + format, args);
    }
}
