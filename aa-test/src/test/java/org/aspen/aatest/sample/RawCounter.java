package org.aspen.aatest.sample;

import java.util.Map;
import org.aspen.ee.api.AaContext;
import org.aspen.ee.api.ActiveApplication;
import org.aspen.ee.api.Match;
import org.aspen.ee.api.Protocols;

/** Counts the raw packets through its node and forwards them; drops those longer than {@code max}. */
public final class RawCounter implements ActiveApplication {
    @Override
    public void start(AaContext ctx, Map<String, String> params) {
        int max = Integer.parseInt(params.getOrDefault("max", "1000"));
        ctx.divert(Match.builder().protocol(Protocols.RAW).build(), (channel, p) -> {
            ctx.counter("packets").add(1);
            if (p.payloadLength() > max) {
                channel.drop(p);
            } else {
                channel.reinject(p);
            }
        });
    }
}
