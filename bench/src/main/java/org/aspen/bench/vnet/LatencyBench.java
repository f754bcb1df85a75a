package org.aspen.bench.vnet;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.PacketCodec;
import org.aspen.vnet.udp.UdpNetwork;
import org.aspen.vnet.udp.UdpOptions;

/**
 * Latency each VNet relay node adds on loopback: request/response round trips from a plain UDP
 * client to a plain UDP echo server, directly and through chains of 1..N relay nodes.
 *
 * <pre>{@code
 * java -cp vnet/target/classes:$(cat cp.txt) org.aspen.bench.vnet.LatencyBench [maxRelays] [pings] [nio]
 * LatencyBench.Result r = LatencyBench.run(LatencyBench.Options.DEFAULT);
 * }</pre>
 *
 * One request is outstanding at a time. A round trip through k relays crosses each relay twice, so
 * the added one-way latency per hop is the slope of RTT over 2k (least squares over k = 0..N), given
 * for the median and for the 99th percentile.
 */
public final class LatencyBench {
    /**
     * @param maxRelays  longest chain (0..maxRelays are measured)
     * @param pings      measured round trips per chain
     * @param warmup     round trips before measuring (JIT, caches)
     * @param frameBytes request and response frame size
     * @param forceNio   run the relays on NIO instead of epoll
     */
    public record Options(int maxRelays, int pings, int warmup, int frameBytes, boolean forceNio) {
        public static final Options DEFAULT = new Options(4, 20_000, 20_000, 1000, false);
    }

    /** Round-trip figures through {@code relays} relay nodes (0: direct); timeouts (1 s) count as infinite RTTs. */
    public record Row(int relays, long p50Nanos, long p99Nanos, long timeouts) {
    }

    /** {@code plainRelay}: the same round trip through one plain Java UDP relay thread (no VNet), for scale. */
    public record Result(List<Row> rows, Row plainRelay, double perHopP50Nanos, double perHopP99Nanos, boolean epoll) {
        public String summary() {
            StringBuilder sb = new StringBuilder();
            sb.append(String.format(Locale.ROOT, "relays  rtt p50 us  rtt p99 us  timeouts   (relays on %s)%n", epoll ? "epoll" : "nio"));
            for (Row r : rows) {
                sb.append(String.format(Locale.ROOT, "%6d %11.1f %11.1f %9d%n", r.relays(), r.p50Nanos() / 1e3, r.p99Nanos() / 1e3, r.timeouts()));
            }
            sb.append(String.format(Locale.ROOT, " plain %11.1f %11.1f %9d   (one plain Java relay thread, no VNet)%n",
                    plainRelay.p50Nanos() / 1e3, plainRelay.p99Nanos() / 1e3, plainRelay.timeouts()));
            sb.append(String.format(Locale.ROOT, "added one-way latency per relay hop: p50 %.1f us, p99 %.1f us",
                    perHopP50Nanos / 1e3, perHopP99Nanos / 1e3));
            return sb.toString();
        }
    }

    private LatencyBench() {
    }

    public static void main(String[] args) throws Exception {
        Options o = Options.DEFAULT;
        if (args.length > 0) {
            o = new Options(Integer.parseInt(args[0]), o.pings(), o.warmup(), o.frameBytes(), o.forceNio());
        }
        if (args.length > 1) {
            o = new Options(o.maxRelays(), Integer.parseInt(args[1]), o.warmup(), o.frameBytes(), o.forceNio());
        }
        if (args.length > 2) {
            o = new Options(o.maxRelays(), o.pings(), o.warmup(), o.frameBytes(), "nio".equals(args[2]));
        }
        System.out.println(run(o).summary());
    }

    public static Result run(Options o) throws IOException, InterruptedException {
        List<Row> rows = new ArrayList<>();
        Row plain;
        boolean epoll = false;
        try (DatagramSocket client = socket(); Echo echo = new Echo()) {
            InetSocketAddress clientAddr = (InetSocketAddress) client.getLocalSocketAddress();
            rows.add(measure(o, 0, client, echo.address()));
            try (PlainRelay relay = new PlainRelay(clientAddr, echo.address())) {
                plain = measure(o, 1, client, relay.address());
            }
            for (int k = 1; k <= o.maxRelays(); k++) {
                try (UdpNetwork chain = RelayChain.start(k, clientAddr, echo.address(),
                        UdpOptions.DEFAULT.withForceNio(o.forceNio()))) {
                    epoll = chain.epoll();
                    rows.add(measure(o, k, client, chain.udpAddress("r1")));
                }
            }
        }
        return new Result(rows, plain, slope(rows, true), slope(rows, false), epoll);
    }

    /** Least-squares slope of RTT over the number of relay crossings (2 per relay). */
    private static double slope(List<Row> rows, boolean median) {
        int n = rows.size();
        if (n < 2) {
            return 0;
        }
        double mx = 0, my = 0;
        for (Row r : rows) {
            mx += 2.0 * r.relays();
            my += median ? r.p50Nanos() : r.p99Nanos();
        }
        mx /= n;
        my /= n;
        double num = 0, den = 0;
        for (Row r : rows) {
            double dx = 2.0 * r.relays() - mx;
            num += dx * ((median ? r.p50Nanos() : r.p99Nanos()) - my);
            den += dx * dx;
        }
        return num / den;
    }

    private static Row measure(Options o, int relays, DatagramSocket client, InetSocketAddress entry) throws IOException {
        long[] rtts = new long[o.pings()];
        long timeouts = 0;
        byte[] in = new byte[65_536];
        DatagramPacket reply = new DatagramPacket(in, in.length);
        for (int i = 0; i < o.warmup() + o.pings(); i++) {
            byte[] req = request(o.frameBytes(), i);
            long t0 = System.nanoTime();
            client.send(new DatagramPacket(req, req.length, entry));
            long rtt = -1;
            try {
                while (rtt < 0) {
                    reply.setLength(in.length);
                    client.receive(reply);
                    Packet p = PacketCodec.decode(in, 0, reply.getLength(), Packet.MAX_FRAME, null);
                    if (p != null && seq(p) == i) {
                        rtt = System.nanoTime() - t0;
                    }
                }
            } catch (SocketTimeoutException e) {
                // warm-up timeouts (a cold first packet on a busy machine) are not part of the figures
                if (i >= o.warmup()) {
                    timeouts++;
                }
            }
            if (i >= o.warmup()) {
                rtts[i - o.warmup()] = rtt < 0 ? Long.MAX_VALUE : rtt;
            }
        }
        Arrays.sort(rtts);
        return new Row(relays, rtts[rtts.length / 2], rtts[(int) Math.min(rtts.length - 1, Math.ceil(rtts.length * 0.99) - 1)], timeouts);
    }

    private static byte[] request(int frameBytes, int seq) {
        byte[] payload = new byte[frameBytes - Packet.HEADER_LENGTH];
        payload[0] = (byte) (seq >>> 24);
        payload[1] = (byte) (seq >>> 16);
        payload[2] = (byte) (seq >>> 8);
        payload[3] = (byte) seq;
        return Packet.builder().source(RelayChain.LEFT).destination(RelayChain.RIGHT).payload(payload).build().frame();
    }

    private static int seq(Packet p) {
        byte[] b = p.array();
        int o = p.payloadOffset();
        return ((b[o] & 0xff) << 24) | ((b[o + 1] & 0xff) << 16) | ((b[o + 2] & 0xff) << 8) | (b[o + 3] & 0xff);
    }

    private static DatagramSocket socket() throws SocketException {
        DatagramSocket s = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
        s.setSoTimeout(1_000);
        return s;
    }

    /** Forwards datagrams from the client to the echo server and everything else back to the client. */
    private static final class PlainRelay implements AutoCloseable {
        private final DatagramSocket socket;

        PlainRelay(InetSocketAddress client, InetSocketAddress echo) throws SocketException {
            socket = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
            Thread t = new Thread(() -> {
                byte[] in = new byte[65_536];
                DatagramPacket d = new DatagramPacket(in, in.length);
                while (!socket.isClosed()) {
                    try {
                        d.setLength(in.length);
                        socket.receive(d);
                        d.setSocketAddress(client.equals(d.getSocketAddress()) ? echo : client);
                        socket.send(d);
                    } catch (IOException e) {
                        return;
                    }
                }
            }, "plain-relay");
            t.setDaemon(true);
            t.start();
        }

        InetSocketAddress address() {
            return (InetSocketAddress) socket.getLocalSocketAddress();
        }

        @Override
        public void close() {
            socket.close();
        }
    }

    /** Answers each request frame with a frame back to its source, same payload, to the sender's address. */
    private static final class Echo implements AutoCloseable {
        private final DatagramSocket socket;

        Echo() throws SocketException {
            socket = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
            Thread t = new Thread(this::serve, "echo");
            t.setDaemon(true);
            t.start();
        }

        private void serve() {
            byte[] in = new byte[65_536];
            DatagramPacket d = new DatagramPacket(in, in.length);
            while (!socket.isClosed()) {
                try {
                    d.setLength(in.length);
                    socket.receive(d);
                    Packet p = PacketCodec.decode(in, 0, d.getLength(), Packet.MAX_FRAME, null);
                    if (p == null) {
                        continue;
                    }
                    byte[] out = Packet.builder().source(p.destination()).destination(p.source()).payload(p.payload()).build().frame();
                    socket.send(new DatagramPacket(out, out.length, d.getSocketAddress()));
                } catch (IOException e) {
                    return;
                }
            }
        }

        InetSocketAddress address() {
            return (InetSocketAddress) socket.getLocalSocketAddress();
        }

        @Override
        public void close() {
            socket.close();
        }
    }
}
