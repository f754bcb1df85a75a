package org.aspen.examples.flowcounter;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.aspen.ee.api.AaContext;
import org.aspen.ee.api.AaMessage;
import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.ActiveApplication;
import org.aspen.ee.api.DiversionChannel;
import org.aspen.ee.api.Match;

/**
 * The template AA: counts packets and bytes per flow passing through its node, and reports them.
 * Copy this package to start your own AA (see {@code docs/writing-an-aa.md}).
 *
 * <pre>{@code
 * aspen deploy --node 127.0.0.1:7102 --allow --start --param reportMs=1000 examples/target/examples-0.1.0-SNAPSHOT-aa-flow-counter.jar
 * }</pre>
 *
 * Parameters: {@code protocol} (VNet protocol number to watch; default: every protocol, so
 * routing hellos and adverts show up as flows between neighbours and pings as control flows),
 * {@code reportMs} (log the table this often; 0: never; default 1000). A message with body
 * {@code report} is answered with the table as text.
 */
public final class FlowCounter implements ActiveApplication {
    private final Map<FlowKey, long[]> flows = new TreeMap<>();
    private AaContext ctx;
    private long reportNanos;

    @Override
    public void start(AaContext context, Map<String, String> params) {
        this.ctx = context;
        int protocol = Integer.parseInt(params.getOrDefault("protocol", "-1"));
        reportNanos = Long.parseLong(params.getOrDefault("reportMs", "1000")) * 1_000_000L;
        ctx.divert(Match.builder().protocol(protocol).build(), this::onDiverted);
        if (reportNanos > 0) {
            ctx.schedule(reportNanos, this::report);
        }
        ctx.log().info("counting flows (protocol {}) every {} ms", protocol < 0 ? "any" : protocol, reportNanos / 1_000_000);
    }

    private void onDiverted(DiversionChannel channel, AaPacket p) {
        long[] c = flows.computeIfAbsent(FlowKey.of(p), k -> new long[2]);
        c[0]++;
        c[1] += p.length();
        channel.reinject(p);  // a counter never changes what it sees
    }

    private void report() {
        ctx.log().info("{} flow(s):\n{}", flows.size(), table());
        ctx.schedule(reportNanos, this::report);
    }

    /** The table, one flow per line: {@code src:port > dst:port proto packets bytes}. */
    public String table() {
        StringBuilder sb = new StringBuilder();
        flows.forEach((k, c) -> sb.append(k).append(' ').append(c[0]).append(' ').append(c[1]).append('\n'));
        return sb.toString();
    }

    @Override
    public void onMessage(AaMessage m) {
        if ("report".equals(new String(m.body(), StandardCharsets.UTF_8))) {
            ctx.sendMessage(m.fromNode(), m.fromAa(), table().getBytes(StandardCharsets.UTF_8));
        }
    }

    @Override
    public void stop() {
        ctx.log().info("stopping; final counts:\n{}", table());
    }
}
