package org.aspen.ee;

import java.nio.charset.StandardCharsets;
import org.aspen.ee.api.AaMessage;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * AA messages (VNet protocol {@code AA_MESSAGE}, {@link AaMessageCodec}): to an AA on this node, to
 * one on another node, and the error notices a node sends when it did not start the AA a packet
 * asked for (docs/ee.md, "AA messages").
 *
 * <pre>{@code
 * node.registerHandler(Protocol.AA_MESSAGE, messages::onAaMessage);   // the EE's constructor
 * messages.deliverLocal(node.address(), "probe", "flow-counter", body);   // via AaContext.sendMessage
 * }</pre>
 *
 * A message goes to the newest running instance with the receiver's name. Runs on the node's loop.
 */
final class AaMessaging {
    /** The EE's logger: these lines are the EE's account of messages and refusals. */
    private static final Logger log = LoggerFactory.getLogger(ExecutionEnvironment.class);

    private final ExecutionEnvironment ee;
    private final Node node;
    private final EeCounters counters;

    AaMessaging(ExecutionEnvironment ee) {
        this.ee = ee;
        this.node = ee.node();
        this.counters = ee.counters();
    }

    boolean deliverLocal(VAddr fromNode, String fromAa, String toAa, byte[] body) {
        AaInstance target = ee.running(toAa);
        if (target == null) {
            counters.undeliverableMessages++;
            return false;
        }
        AaMessage m = new AaMessage(PacketView.addr(fromNode), fromAa, body);
        return target.enqueue(body.length, "message", () -> target.appOnMessage(m));
    }

    boolean sendRemote(VAddr to, String fromAa, String toAa, byte[] body) {
        byte[] payload = AaMessageCodec.encode(AaMessageCodec.MESSAGE, fromAa, toAa, body);
        return node.send(Packet.builder().source(node.address()).destination(to).protocol(Protocol.AA_MESSAGE)
                .ttl(node.config().defaultTtl()).payload(payload).build());
    }

    void onAaMessage(Packet p, Link in) {
        AaMessageCodec.Decoded d = AaMessageCodec.decode(p.payload());
        if (d == null) {
            counters.undeliverableMessages++;
            return;
        }
        if (d.kind() == AaMessageCodec.ERROR) {
            counters.remoteRefusals++;
            log.warn("{}: node {} reports: {}", node.name(), p.source(), new String(d.body(), StandardCharsets.UTF_8));
            return;
        }
        if (!deliverLocal(p.source(), d.from(), d.to(), d.body())) {
            log.debug("{}: message from {}/{} for AA {} that does not run here", node.name(), p.source(), d.from(), d.to());
        }
    }

    void sendErrorNotice(VAddr to, String text) {
        if (to.equals(node.address()) || to.isUnspecified()) {
            return;
        }
        byte[] payload = AaMessageCodec.encode(AaMessageCodec.ERROR, "", "", text.getBytes(StandardCharsets.UTF_8));
        node.send(Packet.builder().source(node.address()).destination(to).protocol(Protocol.AA_MESSAGE)
                .ttl(node.config().defaultTtl()).payload(payload).build());
    }
}
