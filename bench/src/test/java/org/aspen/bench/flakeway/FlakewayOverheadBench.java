package org.aspen.bench.flakeway;

import org.aspen.flakeway.FlakewayInterceptor;
import org.aspen.flakeway.RuleSpecs;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.link.QueueLimit;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;

/**
 * CPU cost of the flakeway in the simulated runtime: packets forwarded a -> b -> c per second of
 * wall time, with no flakeway on b, with a zero-delay rule, and with a delay + jitter + loss rule.
 * Not a test (wall time is read here, and only here), and not shipped: it lives in bench's test
 * sources (issue 32), so run it from the test classes beside the product jar.
 *
 * <pre>
 * mvn -q -B -DskipTests package        # -DskipTests still compiles the test classes
 * java -cp bench/target/test-classes:cli/target/aspen.jar org.aspen.bench.flakeway.FlakewayOverheadBench 300000
 * </pre>
 */
public final class FlakewayOverheadBench {
    private FlakewayOverheadBench() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        String[] rules = {null, "name zero; match dst=10.0.0.3", "name wan; delay 20ms jitter 2ms normal; loss 1%; bandwidth 10gbit"};
        for (int round = 0; round < 2; round++) {          // the first round warms the JIT up
            for (String rule : rules) {
                long[] got = new long[1];
                SimNetwork net = topology(rule, got, n);
                long start = System.nanoTime();
                net.run(n * 1_000L + 1_000_000_000L);
                double secs = (System.nanoTime() - start) / 1e9;
                if (round == 1) {
                    System.out.printf("%-70s %,12d delivered  %,10.0f packets/s wall  %,d events%n",
                            rule == null ? "no flakeway" : rule, got[0], got[0] / secs, net.scheduler().executedEvents());
                }
            }
        }
    }

    private static SimNetwork topology(String rule, long[] got, int n) {
        SimNetwork net = new SimNetwork(1);
        VAddr a = VAddr.parse("10.0.0.1");
        VAddr b = VAddr.parse("10.0.0.2");
        VAddr c = VAddr.parse("10.0.0.3");
        Node na = net.addNode("a", a, NodeConfig.DEFAULT, null);
        Node nb = net.addNode("b", b, NodeConfig.DEFAULT, null);
        Node nc = net.addNode("c", c, NodeConfig.DEFAULT, null);
        LinkConfig cfg = new LinkConfig(0, 0, QueueLimit.packets(100_000), 1);
        net.connect("a-b", "a", "b", cfg);
        net.connect("b-c", "b", "c", cfg);
        na.routes().addStatic(Route.host(c, na.link("a-b"), b, 2, Route.Origin.STATIC));
        nb.routes().addStatic(Route.host(c, nb.link("b-c"), c, 1, Route.Origin.STATIC));
        nc.registerHandler(Protocol.RAW, (p, in) -> got[0]++);
        if (rule != null) {
            FlakewayInterceptor.install(nb).engine().set(RuleSpecs.parse(rule));
        }
        byte[] payload = new byte[1000 - Packet.HEADER_LENGTH];
        Runnable[] send = new Runnable[1];
        long[] left = {0};
        send[0] = () -> {
            na.send(Packet.builder().source(a).destination(c).payload(payload).build());
            if (++left[0] < n) {
                net.scheduler().schedule(1_000, send[0]);    // one packet per simulated microsecond
            }
        };
        net.at(0, "a", send[0]);
        return net;
    }
}
