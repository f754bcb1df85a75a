package org.aspen.rdp;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.udp.UdpNetwork;
import org.aspen.vnet.udp.UdpOptions;

/**
 * The child process of {@link TwoProcessUdpTest}'s Netty variant: node 10.0.0.2 in vnet's real runtime
 * ({@link UdpNetwork}), receiving one RDP transfer on port 7000. Same stdio protocol as {@link UdpPeerMain}.
 */
public final class NettyPeerMain {
    private NettyPeerMain() {
    }

    /** Joins {@code node} of {@code net} to a node in another process and routes {@code peer} over that link. */
    static void linkRemote(UdpNetwork net, String node, VAddr peer, int peerPort) throws Exception {
        Link l = net.connectRemote("remote", node, new InetSocketAddress("127.0.0.1", peerPort), LinkConfig.DEFAULT);
        Node n = net.node(node);
        CompletableFuture<Void> done = new CompletableFuture<>();
        net.onLoop(node, () -> {
            l.setPeer(peer);
            n.routes().addStatic(Route.host(peer, l, peer, 1, Route.Origin.STATIC));
            RdpStack.install(n);
            done.complete(null);
        });
        done.get(10, TimeUnit.SECONDS);
    }

    public static void main(String[] args) throws Exception {
        try (UdpNetwork net = new UdpNetwork(2, UdpOptions.singleNode())) {
            net.addNode("child", VAddr.parse("10.0.0.2"), NodeConfig.DEFAULT, null);
            System.out.println("PORT " + net.udpAddress("child").getPort());
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            linkRemote(net, "child", VAddr.parse("10.0.0.1"), Integer.parseInt(in.readLine().trim()));
            CompletableFuture<TransferSummary> done = new CompletableFuture<>();
            CompletableFuture<Void> listening = new CompletableFuture<>();
            net.onLoop("child", () -> {
                TransferReceiver.listen(RdpStack.install(net.node("child")), 7000, RdpOptions.defaults(),
                        ByteSink::discard, done::complete, ProgressListener.NONE, 0);
                listening.complete(null);
            });
            listening.get(10, TimeUnit.SECONDS);
            net.run(0);
            System.out.println("READY");
            System.out.flush();
            TransferSummary s = done.get(60, TimeUnit.SECONDS);
            System.out.println("DONE " + s.bytes() + " " + s.sha256() + " " + s.end());
            System.out.flush();
        }
    }
}
