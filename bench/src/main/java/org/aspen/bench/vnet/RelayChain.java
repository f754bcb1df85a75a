package org.aspen.bench.vnet;

import java.net.InetSocketAddress;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.udp.UdpNetwork;
import org.aspen.vnet.udp.UdpOptions;

/**
 * A line of VNet relay nodes r1..rk on loopback UDP between two plain UDP sockets, the way the
 * benchmarks put VNet forwarding between a traffic source and a sink.
 *
 * <pre>{@code
 * try (UdpNetwork net = RelayChain.start(1, senderUdp, sinkUdp, UdpOptions.DEFAULT)) {
 *     sender.send(RelayChain.frame(1000), net.udpAddress("r1"));
 * }
 * }</pre>
 *
 * Frames from the left socket to {@link #RIGHT} are routed right, frames to {@link #LEFT} left.
 */
final class RelayChain {
    static final VAddr LEFT = VAddr.parse("10.0.1.1");
    static final VAddr RIGHT = VAddr.parse("10.0.1.2");
    /** Unlimited rate, no added delay, a generous buffer: the relay's own speed is what is measured. */
    static final LinkConfig FAST = new LinkConfig(0, 0, QueueLimit.packets(10_000), 1);

    private RelayChain() {
    }

    static UdpNetwork start(int k, InetSocketAddress left, InetSocketAddress right, UdpOptions options)
            throws InterruptedException {
        UdpNetwork net = new UdpNetwork(1, options);
        try {
            for (int i = 1; i <= k; i++) {
                net.addNode("r" + i, VAddr.parse("10.0.2." + i), NodeConfig.DEFAULT, null);
            }
            net.connectRemote("left", "r1", left, FAST);
            net.connectRemote("right", "r" + k, right, FAST);
            for (int i = 1; i < k; i++) {
                net.connect("r" + i, "r" + i, "r" + (i + 1), FAST);
            }
            for (int i = 1; i <= k; i++) {
                Node n = net.node("r" + i);
                String toRight = i == k ? "right" : "r" + i;
                String toLeft = i == 1 ? "left" : "r" + (i - 1);
                n.routes().addStatic(Route.host(RIGHT, n.link(toRight), RIGHT, 1, Route.Origin.STATIC));
                n.routes().addStatic(Route.host(LEFT, n.link(toLeft), LEFT, 1, Route.Origin.STATIC));
            }
            net.run(0);
            return net;
        } catch (RuntimeException | InterruptedException e) {
            net.close();
            throw e;
        }
    }

    /** A sealed VNet frame of exactly {@code bytes} bytes from {@code src} to {@code dst}. */
    static byte[] frame(VAddr src, VAddr dst, int bytes) {
        return Packet.builder().source(src).destination(dst).payload(new byte[bytes - Packet.HEADER_LENGTH]).build().frame();
    }
}
