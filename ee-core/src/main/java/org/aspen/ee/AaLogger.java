package org.aspen.ee;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.ee.api.AaLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.MessageFormatter;

/**
 * The EE's {@link AaLog}: SLF4J logger {@code aa.<name>}, every line prefixed with
 * {@code node name@version:}. It also keeps the AA's last {@value #KEPT} lines at info level and
 * above (and the EE's own lines about the AA: failures, stop), numbered, for
 * {@code aspen aa logs NAME --follow} through the node's control endpoint (issue 30 item 4).
 *
 * <pre>{@code
 * AaLogger log = new AaLogger("r1", code, node.scheduler());
 * log.info("queue {}", n);
 * log.since(0);   // [{seq=1, atNanos=..., level=INFO, line="queue 3"}]
 * }</pre>
 */
final class AaLogger implements AaLog {
    /** Lines kept per AA instance. */
    static final int KEPT = 256;

    private final Logger log;
    private final String prefix;
    private final org.aspen.vnet.time.Clock clock;
    private final ArrayDeque<Map<String, Object>> kept = new ArrayDeque<>();
    private long seq;

    AaLogger(String nodeName, AaCode code, org.aspen.vnet.time.Clock clock) {
        this.log = LoggerFactory.getLogger("aa." + code.name());
        // braces in names would be read as placeholders
        this.prefix = (nodeName + " " + code.id() + ": ").replace("{", "(").replace("}", ")");
        this.clock = clock;
    }

    @Override
    public void debug(String format, Object... args) {
        log.debug(prefix + format, args);
    }

    @Override
    public void info(String format, Object... args) {
        log.info(prefix + format, args);
        keep("INFO", format, args);
    }

    @Override
    public void warn(String format, Object... args) {
        log.warn(prefix + format, args);
        keep("WARN", format, args);
    }

    @Override
    public void error(String format, Object... args) {
        log.error(prefix + format, args);
        keep("ERROR", format, args);
    }

    /** One of the EE's own lines about this AA (already logged by the EE's logger). */
    void ee(String level, String line) {
        keep(level, line, new Object[0]);
    }

    private void keep(String level, String format, Object[] args) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("seq", ++seq);
        m.put("atNanos", clock.nanos());
        m.put("level", level);
        m.put("line", MessageFormatter.arrayFormat(format, args).getMessage());
        kept.addLast(m);
        if (kept.size() > KEPT) {
            kept.removeFirst();
        }
    }

    /** The kept lines numbered after {@code after}, oldest first. */
    List<Map<String, Object>> since(long after) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> m : kept) {
            if ((long) m.get("seq") > after) {
                out.add(m);
            }
        }
        return out;
    }

    /** The number of the last line kept so far (0: none yet). */
    long last() {
        return seq;
    }
}
