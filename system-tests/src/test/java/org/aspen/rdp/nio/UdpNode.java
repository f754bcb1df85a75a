package org.aspen.rdp.nio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.util.Arrays;
import org.aspen.rdp.RdpStack;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.LinkTransport;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.time.Seeds;

/**
 * One VNet node on its own {@link ThreadLoop} with one UDP link (java.nio DatagramChannel) to one
 * peer: the smallest real runtime that RDP's real-UDP tests need (test scope since issue 32: no
 * product code uses it; the product's real runtime is vnet's {@code udp.UdpNetwork}).
 *
 * <pre>{@code
 * try (UdpNode a = UdpNode.bind("a", VAddr.parse("10.0.0.1"), 0, 1)) {
 *     a.linkTo(VAddr.parse("10.0.0.2"), new InetSocketAddress("127.0.0.1", peerPort));
 *     RdpStack rdp = a.rdp();
 * }
 * }</pre>
 */
public final class UdpNode implements AutoCloseable {
    private final ThreadLoop loop;
    private final Node node;
    private final DatagramChannel channel;
    private Thread reader;

    private UdpNode(String name, VAddr address, DatagramChannel channel, long seed) {
        this.loop = new ThreadLoop("loop-" + name);
        this.node = new Node(name, address, loop, Seeds.stream(seed, "node", name),
                new NodeConfig(65_507, 64, 250_000_000L, 1_000_000_000L, 30_000_000_000L));
        this.channel = channel;
    }

    /** Binds a loopback UDP socket ({@code udpPort} 0: ephemeral). */
    public static UdpNode bind(String name, VAddr address, int udpPort, long seed) throws IOException {
        DatagramChannel ch = DatagramChannel.open();
        ch.setOption(java.net.StandardSocketOptions.SO_RCVBUF, 4 << 20);
        ch.setOption(java.net.StandardSocketOptions.SO_SNDBUF, 4 << 20);
        ch.bind(new InetSocketAddress("127.0.0.1", udpPort));
        return new UdpNode(name, address, ch, seed);
    }

    public int udpPort() {
        try {
            return ((InetSocketAddress) channel.getLocalAddress()).getPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Node node() {
        return node;
    }

    public ThreadLoop loop() {
        return loop;
    }

    /** The node's RDP stack (installed on first use). */
    public RdpStack rdp() {
        return RdpStack.install(node);
    }

    /** Adds the link to {@code peer} (its VNet address and UDP socket), a host route to it, and starts receiving. */
    public void linkTo(VAddr peer, InetSocketAddress peerUdp) {
        Transport t = new Transport(peerUdp);
        Link l = node.addLink("udp-" + peer, LinkConfig.DEFAULT, t);
        l.setPeer(peer);
        node.routes().addStatic(Route.host(peer, l, peer, 1, Route.Origin.STATIC));
        RdpStack.install(node);
        node.start();
        reader = new Thread(() -> readLoop(l), "udp-" + node.name());
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Blocks for one datagram, then takes whatever else is already queued (up to a batch) without
     * blocking, and hands the batch to the loop in one task: one thread hand-off per burst, not per datagram.
     */
    private void readLoop(Link l) {
        ByteBuffer buf = ByteBuffer.allocate(65_536);
        try (java.nio.channels.Selector selector = java.nio.channels.Selector.open()) {
            channel.configureBlocking(false);
            channel.register(selector, java.nio.channels.SelectionKey.OP_READ);
            while (channel.isOpen()) {
                selector.select();
                selector.selectedKeys().clear();
                java.util.List<byte[]> batch = new java.util.ArrayList<>();
                while (batch.size() < 256) {
                    buf.clear();
                    if (channel.receive(buf) == null) {
                        break;
                    }
                    batch.add(Arrays.copyOf(buf.array(), buf.position()));
                }
                if (!batch.isEmpty()) {
                    loop.execute(() -> {
                        for (byte[] frame : batch) {
                            l.receiveFrame(frame, 0, frame.length, true);
                        }
                    });
                }
            }
        } catch (ClosedChannelException | java.nio.channels.ClosedSelectorException e) {
            // closed: the node is shutting down
        } catch (IOException e) {
            org.slf4j.LoggerFactory.getLogger(UdpNode.class).warn("UDP receive failed: {}", e.toString());
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing anyway
        }
        loop.close();
    }

    private final class Transport implements LinkTransport {
        private final InetSocketAddress peer;

        Transport(InetSocketAddress peer) {
            this.peer = peer;
        }

        @Override
        public void transmit(byte[] frame, long delayNanos) {
            if (delayNanos > 0) {
                loop.schedule(delayNanos, () -> send(frame));
            } else {
                send(frame);
            }
        }

        private void send(byte[] frame) {
            try {
                channel.send(ByteBuffer.wrap(frame), peer);
            } catch (IOException e) {
                // a lost datagram: RDP recovers as from any loss
            }
        }

        @Override
        public String describePeer() {
            return peer.toString();
        }
    }
}
