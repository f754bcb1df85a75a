package org.aspen.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.LoggerFactory;

/**
 * How {@code aspen node} logs: the bundled logback.xml (one line per event on stderr, ISO 8601
 * timestamps with the zone), or JSON lines ({@code --log-format json}, logback's own
 * {@link JsonEncoder}), or the operator's own logback file ({@code --log-config FILE}, which then
 * decides everything: appenders, format, levels).
 *
 * <pre>{@code
 * NodeLogging.apply(null, "json", "info");   // JSON lines on stderr at INFO
 * }</pre>
 */
final class NodeLogging {
    private NodeLogging() {
    }

    /**
     * Applies the options; {@code config} (may be null) replaces the bundled configuration, then
     * {@code format} ({@code text} or {@code json}) and {@code level} apply to what it set up, unless
     * the user's file is given (then only an explicit level is applied).
     *
     * @throws IllegalArgumentException naming the option, for a bad value or an unusable file
     */
    static void apply(Path config, String format, String level, boolean levelGiven) {
        if (!level.matches("(?i)error|warn|info|debug|trace")) {
            throw new IllegalArgumentException("--log-level must be error, warn, info, debug or trace, not '" + level + "'");
        }
        if (!format.equals("text") && !format.equals("json")) {
            throw new IllegalArgumentException("--log-format must be text or json, not '" + format + "'");
        }
        if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext ctx)) {
            return;   // another SLF4J binding: it is configured its own way
        }
        if (config != null) {
            if (format.equals("json")) {
                throw new IllegalArgumentException("--log-format json and --log-config: give one (a logback file sets its own format)");
            }
            load(ctx, config);
            if (levelGiven) {
                ctx.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(Level.toLevel(level));
            }
            return;
        }
        Logger root = ctx.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.toLevel(level));
        if (format.equals("json") && root.getAppender("STDERR") instanceof ConsoleAppender<ILoggingEvent> console) {
            JsonEncoder json = new JsonEncoder();
            json.setContext(ctx);
            json.start();
            console.stop();
            console.setEncoder(json);
            console.start();
        }
    }

    private static void load(LoggerContext ctx, Path config) {
        if (!Files.isReadable(config)) {
            throw new IllegalArgumentException("--log-config " + config + ": no such readable file");
        }
        ctx.reset();
        JoranConfigurator j = new JoranConfigurator();
        j.setContext(ctx);
        try {
            j.doConfigure(config.toFile());
        } catch (JoranException e) {
            throw new IllegalArgumentException("--log-config " + config + ": " + e.getMessage());
        }
        for (Status s : ctx.getStatusManager().getCopyOfStatusList()) {
            if (s.getLevel() == Status.ERROR) {
                throw new IllegalArgumentException("--log-config " + config + ": " + s.getMessage());
            }
        }
    }
}
