package org.aspen.cli;

import java.time.Duration;
import org.aspen.vnet.config.Units;
import picocli.CommandLine.Option;

/**
 * {@code --timeout}: how long a one-shot request to a node ({@code aa}, {@code deploy}, {@code stats},
 * {@code qdisc}, {@code flakeway}) waits for the answer before the command gives up, saying so.
 *
 * <pre>{@code
 * @Mixin RequestTimeoutOption timeout = new RequestTimeoutOption();
 * JsonNode r = control.call("aa.list", Map.of(), timeout.duration());
 * }</pre>
 */
public final class RequestTimeoutOption {
    @Option(names = "--timeout", converter = UnitConverters.Duration.class, defaultValue = "30s", paramLabel = "D",
            description = "How long to wait for the node's answer (default: ${DEFAULT-VALUE}).")
    long timeout;

    /** The wait (a bad or non-positive duration is an {@link IllegalArgumentException}: a usage error). */
    Duration duration() {
        return ControlOptions.positive("--timeout", timeout);
    }
}
