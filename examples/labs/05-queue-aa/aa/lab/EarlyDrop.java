package lab;

import java.util.Map;
import org.aspen.ee.api.AaContext;
import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.ActiveApplication;
import org.aspen.ee.api.Address;
import org.aspen.ee.api.DiversionChannel;
import org.aspen.ee.api.LinkStatus;
import org.aspen.ee.api.Match;
import org.aspen.ee.api.Protocols;

/**
 * Lab 5: an early-drop queue discipline as an active application (README.md). It sees every RDP
 * packet the router forwards before the packet joins its output queue. Your job: drop packets
 * early when that queue grows, RED-style, so the queue never overflows.
 */
public final class EarlyDrop implements ActiveApplication {
    private AaContext ctx;
    private int minTh;
    private int maxTh;
    private double maxP;

    @Override
    public void start(AaContext context, Map<String, String> params) {
        this.ctx = context;
        minTh = Integer.parseInt(params.getOrDefault("minTh", "5"));
        maxTh = Integer.parseInt(params.getOrDefault("maxTh", "15"));
        maxP = Double.parseDouble(params.getOrDefault("maxP", "0.1"));
        ctx.counter("earlyDrops");
        ctx.counter("forwarded");
        ctx.divert(Match.builder().protocol(Protocols.RDP).build(), this::onPacket);
        ctx.log().info("early drop between {} and {} packets, max probability {}", minTh, maxTh, maxP);
    }

    private void onPacket(DiversionChannel channel, AaPacket p) {
        LinkStatus out = outputLink(p.destination());
        if (out != null && dropEarly(out.queuePackets())) {
            ctx.counter("earlyDrops").increment();
            channel.drop(p);
            return;
        }
        ctx.counter("forwarded").increment();
        channel.reinject(p);
    }

    /** The link the packet will leave by: the one whose neighbour is the next hop (null: delivered here or no route). */
    private LinkStatus outputLink(Address destination) {
        Address next = ctx.nextHop(destination);
        for (LinkStatus l : ctx.links()) {
            if (next != null && next.equals(l.neighbour())) {
                return l;
            }
        }
        return null;
    }

    /**
     * Whether to drop a packet that would join a queue of {@code queue} packets.
     *
     * TODO: never below minTh; always at or above maxTh; in between, with a probability rising
     * linearly from 0 to maxP. Draw random numbers from ctx.random() (never new Random():
     * the simulation must repeat exactly).
     */
    private boolean dropEarly(int queue) {
        return false;
    }
}
