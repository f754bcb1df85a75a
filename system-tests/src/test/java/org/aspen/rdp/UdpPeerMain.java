package org.aspen.rdp;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.aspen.rdp.nio.UdpNode;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ProgressListener;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.VAddr;

/**
 * The child process of {@link TwoProcessUdpTest}: a VNet node 10.0.0.2 on a loopback UDP socket that
 * receives one RDP transfer on port 7000 and prints its summary.
 * Protocol on stdio: prints {@code PORT <udp>}, reads the parent's UDP port, prints {@code READY} once
 * listening, then {@code DONE <bytes> <sha256> <end>}.
 */
public final class UdpPeerMain {
    private UdpPeerMain() {
    }

    public static void main(String[] args) throws Exception {
        try (UdpNode node = UdpNode.bind("child", VAddr.parse("10.0.0.2"), 0, 2)) {
            System.out.println("PORT " + node.udpPort());
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            int parentPort = Integer.parseInt(in.readLine().trim());
            node.linkTo(VAddr.parse("10.0.0.1"), new InetSocketAddress("127.0.0.1", parentPort));
            CompletableFuture<TransferSummary> done = new CompletableFuture<>();
            CompletableFuture<Void> listening = new CompletableFuture<>();
            node.loop().execute(() -> {
                TransferReceiver.listen(node.rdp(), 7000, RdpOptions.defaults(), ByteSink::discard, done::complete,
                        ProgressListener.NONE, 0);
                listening.complete(null);
            });
            listening.get(10, TimeUnit.SECONDS);
            System.out.println("READY");
            System.out.flush();
            TransferSummary s = done.get(60, TimeUnit.SECONDS);
            System.out.println("DONE " + s.bytes() + " " + s.sha256() + " " + s.end());
            System.out.flush();
        }
    }
}
