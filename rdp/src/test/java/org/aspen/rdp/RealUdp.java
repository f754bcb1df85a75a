package org.aspen.rdp;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.aspen.rdp.transfer.ByteSink;
import org.aspen.rdp.transfer.ByteSource;
import org.aspen.rdp.transfer.TransferReceiver;
import org.aspen.rdp.transfer.TransferSender;
import org.aspen.rdp.transfer.TransferSummary;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.udp.UdpLoops;
import org.aspen.vnet.udp.UdpNetwork;

/** Helpers for tests over real loopback UDP: run the network, read on a node's loop, one transfer. */
final class RealUdp {
    static final long TIMEOUT_S = 30;

    private RealUdp() {
    }

    /** Runs {@code net}'s loops on a daemon thread, returning once they run. */
    static void start(UdpNetwork net) throws InterruptedException {
        UdpLoops.start(net, TimeUnit.SECONDS.toNanos(120), "real-udp-test", TIMEOUT_S);
    }

    /** {@code read} on {@code node}'s loop; an assertion that fails there fails the caller. */
    static <T> T onLoop(UdpNetwork net, String node, Supplier<T> read) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        net.onLoop(node, () -> {
            try {
                f.complete(read.get());
            } catch (RuntimeException | AssertionError e) {
                f.completeExceptionally(e);
            }
        });
        try {
            return f.get(TIMEOUT_S, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof AssertionError ae) {
                throw ae;
            }
            throw e;
        }
    }

    /**
     * Sends {@code size} seeded bytes from {@code from} to {@code to}'s port in segments sized from the
     * path; returns {sender's summary, receiver's summary}.
     */
    static TransferSummary[] transfer(UdpNetwork net, String from, String to, VAddr toAddr, int port, long size)
            throws Exception {
        RdpOptions fromPath = RdpOptions.defaults().withSegmentFromPath(true);
        CompletableFuture<TransferSummary> got = new CompletableFuture<>();
        CompletableFuture<TransferSummary> sent = new CompletableFuture<>();
        onLoop(net, to, () -> TransferReceiver.listen(RdpStack.install(net.node(to)), port, fromPath, ByteSink::discard,
                got::complete, (b, t, n, r) -> { }, 1_000_000_000L));
        onLoop(net, from, () -> TransferSender.start(RdpStack.install(net.node(from)), toAddr, port,
                ByteSource.seeded(7, size), fromPath, (b, t, n, r) -> { }, 1_000_000_000L).result().whenComplete((s, e) -> {
                    if (e != null) {
                        sent.completeExceptionally(e);
                    } else {
                        sent.complete(s);
                    }
                }));
        return new TransferSummary[] {sent.get(TIMEOUT_S, TimeUnit.SECONDS), got.get(TIMEOUT_S, TimeUnit.SECONDS)};
    }
}
