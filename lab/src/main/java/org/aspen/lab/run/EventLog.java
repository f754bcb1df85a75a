package org.aspen.lab.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aspen.lab.report.LabReport;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlPlane;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.runtime.Network;

/**
 * What happened during a run, in time order, for people: the scenario's timed events and every
 * change of a node's next hop toward another node. Written from the node loops, read after the run.
 */
public final class EventLog {
    public record Entry(long atNanos, String node, String what) {
    }

    /** How an entry about an AA that stopped or did not start begins (see {@link #aaStops()}). */
    public static final String AA_STOPPED = "AA ";

    private static final int MAX_ENTRIES = 500;
    private final List<Entry> entries = new ArrayList<>();
    private int dropped;
    private java.util.function.Consumer<Entry> listener = e -> { };

    /** Also tells {@code l} of every entry as it is added (on the adding node's loop); the live dashboard uses it. */
    public synchronized void listen(java.util.function.Consumer<Entry> l) {
        listener = l;
    }

    synchronized void add(long at, String node, String what) {
        listener.accept(new Entry(at, node, what));
        if (entries.size() < MAX_ENTRIES) {
            entries.add(new Entry(at, node, what));
        } else {
            dropped++;
        }
    }

    /** Logs next-hop changes of {@code node} whenever its routing protocol recomputes. */
    void watchRoutes(Network net, Node node, ControlPlane plane) {
        Map<VAddr, String> names = new HashMap<>();
        for (Node n : net.nodes()) {
            names.put(n.address(), n.name());
        }
        Map<String, String> last = new HashMap<>();
        plane.addRouteChangeListener(() -> {
            for (Node other : net.nodes()) {
                if (other == node) {
                    continue;
                }
                Route r = node.routes().lookup(other.address());
                String via = r == null ? null : names.getOrDefault(r.nextHop(), r.nextHop().toString());
                String before = last.get(other.name());
                if (via == null ? before != null : !via.equals(before)) {
                    last.put(other.name(), via);
                    add(net.now(), node.name(), via == null ? "no route to " + other.name()
                            : "route to " + other.name() + " via " + via + (before == null ? "" : " (was " + before + ")"));
                }
            }
        });
    }

    synchronized List<Entry> sorted() {
        List<Entry> copy = new ArrayList<>(entries);
        copy.sort((a, b) -> Long.compare(a.atNanos(), b.atNanos()));
        return copy;
    }

    /** The entries about AAs that stopped during the run or did not start, as "node at t: what". */
    public List<String> aaStops() {
        List<String> out = new ArrayList<>();
        for (Entry e : sorted()) {
            if (e.what().startsWith(AA_STOPPED) && (e.what().contains(" stopped: ") || e.what().contains(" did not start: "))) {
                out.add(String.format(Locale.ROOT, "%s at %.3fs: %s", e.node(), e.atNanos() / 1e9, e.what()));
            }
        }
        return out;
    }

    public List<LabReport.Event> report() {
        List<LabReport.Event> out = new ArrayList<>();
        for (Entry e : sorted()) {
            out.add(new LabReport.Event(e.atNanos() / 1e9, e.node(), e.what()));
        }
        return out;
    }

    /** The log as text lines; route changes before {@code quietUntil} (initial convergence) are summarised. */
    public List<String> lines(long quietUntil) {
        List<String> out = new ArrayList<>();
        int initial = 0;
        for (Entry e : sorted()) {
            if (e.atNanos() < quietUntil && e.what().startsWith("route to ") && !e.what().contains("(was")) {
                initial++;
                continue;
            }
            out.add(String.format(Locale.ROOT, "%8.3fs  %-6s %s", e.atNanos() / 1e9, e.node(), e.what()));
        }
        if (initial > 0) {
            out.add(0, String.format(Locale.ROOT, "%9s  %-6s %d routes learned as the overlay converged", "", "*", initial));
        }
        synchronized (this) {
            if (dropped > 0) {
                out.add("  (" + dropped + " more events not kept)");
            }
        }
        return out;
    }
}
