package org.aspen.aatest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.ee.EeConfig;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.ee.TrustPolicy;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.LinkConfig;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.sim.SimNetwork;

/**
 * A line of simulated nodes, each with Aspen's real execution environment, for an AA's unit tests.
 * Node {@code i} (counting from 0) has address {@code 10.0.0.(i+1)}; neighbours are joined by a
 * default link (10 Mb/s, 1 ms), and every node has static routes to every other along the line.
 * Time is virtual: {@link #run} advances it, and the same seed gives the same run, event for event.
 *
 * <pre>{@code
 * AaSimulation sim = AaSimulation.line("a", "b", "c");
 * DeployedAa aa = sim.deploy("b", Path.of("target/my-aa.jar"), Map.of());
 * sim.sendRaw(0, "a", "c", "hello".getBytes());
 * sim.run(1_000_000_000L);
 * assertEquals(1, sim.received("c").size());
 * assertEquals(1, aa.counter("packets"));
 * }</pre>
 *
 * The AA runs from its jar, in a class loader of its own that sees only the AA API and the JDK,
 * exactly as on a node: a jar that works here loads the same way under {@code aspen deploy}.
 */
public final class AaSimulation {
    private final SimNetwork net;
    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final Map<String, ExecutionEnvironment> ees = new LinkedHashMap<>();
    private final Map<String, List<byte[]>> received = new LinkedHashMap<>();

    private AaSimulation(long seed, String... names) {
        if (names.length == 0 || names.length > 254) {
            throw new IllegalArgumentException("a line has 1 to 254 nodes, not " + names.length);
        }
        net = new SimNetwork(seed);
        for (int i = 0; i < names.length; i++) {
            if (nodes.containsKey(names[i])) {
                throw new IllegalArgumentException("node " + names[i] + " named twice");
            }
            Node n = net.addNode(names[i], VAddr.parse("10.0.0." + (i + 1)), NodeConfig.DEFAULT, null);
            nodes.put(names[i], n);
            List<byte[]> in = new ArrayList<>();
            received.put(names[i], in);
            n.registerHandler(Protocol.RAW, (p, link) -> in.add(p.payload()));
            ees.put(names[i], new ExecutionEnvironment(n, EeConfig.DEFAULT, new TrustPolicy()));
        }
        for (int i = 0; i + 1 < names.length; i++) {
            net.connect(names[i] + "-" + names[i + 1], names[i], names[i + 1], LinkConfig.DEFAULT);
        }
        for (int i = 0; i < names.length; i++) {
            for (int j = 0; j < names.length; j++) {
                if (i == j) {
                    continue;
                }
                int next = j > i ? i + 1 : i - 1;
                String link = Math.min(i, next) == i ? names[i] + "-" + names[next] : names[next] + "-" + names[i];
                Node n = nodes.get(names[i]);
                n.routes().addStatic(Route.host(address(names[j]), n.link(link), address(names[next]),
                        Math.abs(j - i), Route.Origin.STATIC));
            }
        }
    }

    /** A line of nodes with these names, seed 1. */
    public static AaSimulation line(String... names) {
        return new AaSimulation(1, names);
    }

    /** A line of nodes with these names and this seed (each node's and each AA's random source). */
    public static AaSimulation line(long seed, String... names) {
        return new AaSimulation(seed, names);
    }

    /**
     * Puts the jar on {@code node}'s allow-list and starts it with {@code params}, as
     * {@code aspen deploy JAR --allow --start} does on a real node.
     *
     * @throws IllegalStateException with the EE's reason when the jar is refused or fails to start
     */
    public DeployedAa deploy(String node, Path jar, Map<String, String> params) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(jar);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read AA jar " + jar, e);
        }
        ExecutionEnvironment ee = ee(node);
        ee.trust().allowJar(bytes);
        try {
            return new DeployedAa(ee.startAa(bytes, params));
        } catch (RuntimeException e) {
            throw new IllegalStateException(jar + " did not start on " + node + ": " + e.getMessage(), e);
        }
    }

    /** At virtual time {@code atNanos}, {@code from} sends a raw (protocol 2) packet to {@code to}. */
    public void sendRaw(long atNanos, String from, String to, byte[] payload) {
        Node src = node(from);
        VAddr dst = address(to);
        byte[] body = payload.clone();
        net.at(atNanos, from, () -> src.send(Packet.builder().source(src.address()).destination(dst)
                .protocol(Protocol.RAW).payload(body).build()));
    }

    /** Runs {@code task} on {@code node}'s loop at virtual time {@code atNanos}. */
    public void at(long atNanos, String node, Runnable task) {
        node(node);
        net.at(atNanos, node, task);
    }

    /** Advances virtual time by {@code nanos}, running every event due meanwhile. */
    public void run(long nanos) {
        net.run(nanos);
    }

    /** Virtual time now, in nanoseconds. */
    public long nanos() {
        return net.now();
    }

    /** Payloads of the raw packets delivered to {@code node} so far, in arrival order. */
    public List<byte[]> received(String node) {
        node(node);
        return List.copyOf(received.get(node));
    }

    /** The node's address, e.g. {@code 10.0.0.2} for the second node of the line. */
    public String addressOf(String node) {
        return node(node).address().toString();
    }

    /** The node's counters (links, drops, EE and AAs), as {@code aspen stats} shows them. */
    public Map<String, Object> stats(String node) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("ee", ee(node).stats());
        s.put("aas", ee(node).aaStats());
        return s;
    }

    private VAddr address(String node) {
        return node(node).address();
    }

    private Node node(String name) {
        Node n = nodes.get(name);
        if (n == null) {
            throw new IllegalArgumentException("no node " + name + " (nodes: " + String.join(", ", nodes.keySet()) + ")");
        }
        return n;
    }

    private ExecutionEnvironment ee(String node) {
        node(node);
        return ees.get(node);
    }
}
