package org.aspen.acc.aa;

import java.util.HashMap;
import java.util.Map;
import org.aspen.ee.api.AaContext;
import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.ActiveApplication;

/**
 * The ACC filter AA. Started on demand by a monitor's packet carrying this AA's spec and a
 * {@link FilterRequest}; later requests reach the running instance the same way. Runs one
 * {@link FilterSession} per connection; a request for a connection it already filters is ignored.
 *
 * <pre>{@code
 * // on the monitor's node: the packet that starts it one hop upstream
 * ctx.send(ctx.newPacket().destination(upstream).protocol(Protocols.RAW)
 *         .aaSpec(ctx.findCode("acc-filter")).payload(request.encode()).build());
 * }</pre>
 *
 * Counters: those of {@link FilterSession}, plus {@code requests}, {@code badRequests},
 * {@code duplicateRequests}.
 */
public final class AccFilter implements ActiveApplication {
    private final Map<ConnKey, FilterSession> sessions = new HashMap<>();
    private AaContext ctx;

    @Override
    public void start(AaContext ctx, Map<String, String> params) {
        this.ctx = ctx;
    }

    @Override
    public void onPacket(AaPacket packet) {
        ctx.counter("requests").increment();
        FilterRequest r = FilterRequest.decode(packet.payload());
        if (r == null) {
            ctx.counter("badRequests").increment();
            ctx.log().debug("malformed filter request from {} ({} bytes)", packet.source(), packet.payloadLength());
            return;
        }
        if (sessions.containsKey(r.conn())) {
            ctx.counter("duplicateRequests").increment();
            return;
        }
        FilterSession s = FilterSession.start(ctx, r, why -> sessions.remove(r.conn()));
        if (s.ended() == null) {
            sessions.put(r.conn(), s);
        }
    }

    /** Connections filtered right now. */
    public int active() {
        return sessions.size();
    }
}
