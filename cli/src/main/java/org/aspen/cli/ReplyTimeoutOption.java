package org.aspen.cli;

import java.time.Duration;
import org.aspen.vnet.config.Units;
import picocli.CommandLine.Option;

/**
 * {@code -W/--timeout}: how long a probe ({@code aspen ping}, {@code aspen trace}) waits for each
 * reply, and from it how long the control connection may stay quiet.
 *
 * <pre>{@code
 * @Mixin ReplyTimeoutOption timeout = new ReplyTimeoutOption();
 * control.stream("trace", Map.of("timeoutMs", timeout.millis(), ...), timeout.quietLimit(0), ...);
 * }</pre>
 */
public final class ReplyTimeoutOption {
    /** Margin over the node's own wait, so its "no reply" line reaches us before our socket gives up. */
    static final long SLACK_MS = 5000;

    @Option(names = {"-W", "--timeout"}, converter = UnitConverters.Duration.class, defaultValue = "1s", paramLabel = "D",
            description = "How long to wait for each reply (default: ${DEFAULT-VALUE}).")
    long timeout;

    /** The wait per reply in milliseconds (a bad duration is an {@link IllegalArgumentException}: a usage error). */
    long millis() {
        return timeout / 1_000_000L;
    }

    /** How long the node may be silent: one reply's wait, {@code gapMs} between probes, and the slack. */
    Duration quietLimit(long gapMs) {
        return Duration.ofMillis(millis() + gapMs + SLACK_MS);
    }
}
