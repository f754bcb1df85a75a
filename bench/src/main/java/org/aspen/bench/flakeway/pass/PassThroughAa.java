package org.aspen.bench.flakeway.pass;

import java.util.Map;
import org.aspen.ee.api.AaContext;
import org.aspen.ee.api.ActiveApplication;
import org.aspen.ee.api.Match;

/**
 * A pass-through AA: diverts every packet and re-injects it at once, unchanged. What it costs the
 * node is what the EE itself costs on the data path (matching, queueing, the guarded call, the
 * re-injection), without an AA's own work. {@code FlakewayBench} packs it into a jar
 * ({@link org.aspen.bench.flakeway.FlakewayBench#passThroughJar()}); this package holds nothing else.
 *
 * <pre>{@code
 * ee.startAa(FlakewayBench.passThroughJar(), Map.of());
 * }</pre>
 */
public final class PassThroughAa implements ActiveApplication {
    @Override
    public void start(AaContext ctx, Map<String, String> params) {
        ctx.divert(Match.ANY, (channel, packet) -> channel.reinject(packet));
    }
}
