package org.aspen.experiments.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.aspen.rdp.RdpPackets;

/**
 * The validation cases against ns-2.35 (issue 28, item 3; docs/validation.md), in table order.
 *
 * <pre>{@code
 * for (ValidationCase c : ValidationCases.all()) { ... }
 * ValidationCase c = ValidationCases.byName("reno-timeout");
 * }</pre>
 */
public final class ValidationCases {
    /** Class-path folder of the cases' files and of the scripts they share. */
    public static final String RESOURCES = "/validation/";
    /** Files the ns-2 scripts source, copied beside each script. */
    public static final List<String> SHARED_TCL = List.of("lib.tcl", "red-common.tcl", "acc-common.tcl", "reno-common.tcl",
            "abcd-common.tcl", "acns-common.tcl", "aecn-common.tcl", "purple-common.tcl");
    static final int FRAME = 1000;
    static final int SEGMENT = 940;
    /** ACNS's cases: ns-2.35's packetSize_ 1000 plus the 40-byte TCP/IP header on the wire (docs/validation.md). */
    static final int ACNS_FRAME = 1040;
    /** AntiECN's reading: packetSize_ 1000 plus the 40-byte header (docs/ns2-baseline.md); RDP's data bytes in it. */
    static final int AECN_FRAME = 1040;
    static final int AECN_SEGMENT = 980;
    /** PURPLE's 1500-byte packets; RDP's data bytes in one. */
    static final int PURPLE_FRAME = 1500;
    static final int PURPLE_SEGMENT = 1440;
    /** The cases whose flows are ECN-capable: their tables add each flow's window cuts on ECN echoes. */
    static final Set<String> ECN = Set.of("acc-redecn-660ms-wide", "aecn-reno-40ms", "aecn-reno-200ms", "purple-red-297ms", "purple-red-396ms",
            "purple-ared-297ms", "purple-ared-396ms");

    private ValidationCases() {
    }

    public static List<ValidationCase> all() {
        List<ValidationCase> l = new ArrayList<>();
        l.add(new ValidationCase("reno-droptail", "one flow, drop-tail buffer 8 < BDP 15.75: sawtooth", false, 1, 30,
                List.of("bulk"), List.of(0.5), "r-d@r", FRAME, SEGMENT, false, true));
        l.add(new ValidationCase("reno-timeout", "one flow, window 26: three losses in one window", false, 1, 10,
                List.of("bulk"), List.of(0.5), "r-d@r", FRAME, SEGMENT, false, true));
        l.add(new ValidationCase("red-2flows", "2 flows, RED dumbbell 1.5 Mb/s", true, Tolerances.MIN_SEEDS, 30,
                List.of("bulk1", "bulk2"), List.of(0.5, 0.7), "r1-r2@r1", FRAME, SEGMENT, false, true));
        List<String> ten = new ArrayList<>();
        List<Double> tenStarts = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            ten.add("bulk" + i);
            tenStarts.add(0.4 + 0.1 * i);
        }
        l.add(new ValidationCase("red-10flows", "10 flows, RED dumbbell 5 Mb/s", true, Tolerances.MIN_SEEDS, 30,
                ten, tenStarts, "r1-r2@r1", FRAME, SEGMENT, false, false));
        l.add(new ValidationCase("red-cbr", "RED's average under 2 Mb/s CBR into 1.5 Mb/s", true, Tolerances.MIN_SEEDS, 20,
                List.of(), List.of(), "r-d@r", FRAME, SEGMENT, true, true));
        for (int rtt : new int[] {80, 160}) {
            l.add(new ValidationCase("acc-red-" + rtt + "ms", "ACC Figure 4 baseline, RED, base RTT " + rtt + " ms", true,
                    Tolerances.MIN_SEEDS, 200, List.of("bulk1", "bulk2"), List.of(1.0, 1.1), "r2-r3@r2", FRAME, SEGMENT, false, false));
        }
        // ACC's Fig. 5 on the pre-registered primary's agent (ns2-wide: window_ 10,000, 1998 defaults, no syn_):
        // drop-tail, RED and RED+ECN at 660 ms, RED also at 80 ms (docs/validation.md)
        for (String[] w : new String[][] {{"red", "660", "RED"}, {"droptail", "660", "drop-tail"}, {"redecn", "660", "RED+ECN"},
                {"red", "80", "RED"}}) {
            l.add(new ValidationCase("acc-" + w[0] + "-" + w[1] + "ms-wide", "ACC Fig. 5, ns2-wide agent (window_ 10,000), "
                    + w[2] + ", base RTT " + w[1] + " ms", true, Tolerances.MIN_SEEDS, 200, List.of("bulk1", "bulk2"),
                    List.of(1.0, 1.1), "r2-r3@r2", FRAME, SEGMENT, false, false));
        }
        List<Double> abcdStarts = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            abcdStarts.add((1000 + 50 * (i - 1)) / 1000.0);
        }
        for (int rtt : new int[] {260, 660}) {
            l.add(new ValidationCase("abcd-droptail-" + rtt + "ms", "ACC-ABCD's Reno baseline, drop-tail in bytes, base RTT " + rtt + " ms",
                    true, Tolerances.MIN_SEEDS, 200, ten, abcdStarts, "r2-r3@r2", FRAME, SEGMENT, false, false));
        }
        for (int rtt : new int[] {58, 88}) {
            l.add(new ValidationCase("acns-droptail-" + rtt + "ms", "ACNS's Reno baseline, drop-tail last miles, base RTT " + rtt + " ms",
                    true, Tolerances.MIN_SEEDS, 118, List.of("tcp1", "tcp2", "tcp3"), List.of(0.1, 15.1, 30.1), "ra-i1@ra",
                    ACNS_FRAME, ACNS_FRAME - RdpPackets.DATA_FRAME_OVERHEAD, false, false));
        }
        // AntiECN's baseline (Table I without AECN): one ECN-capable Reno flow over AVQ, 1000 RTTs at 1 % of the link
        for (int rtt : new int[] {40, 200}) {
            l.add(new ValidationCase("aecn-reno-" + rtt + "ms", "AntiECN baseline, Reno+ECN over AVQ, RTT " + rtt + " ms", false, 1,
                    rtt, List.of("bulk"), List.of(0.0), "r-d@r", AECN_FRAME, AECN_SEGMENT, false, rtt == 40));
        }
        // PURPLE's baseline (BDP queue): 40 ECN-capable Reno flows, the first ten (one per host) compared flow by flow
        List<String> purpleFlows = new ArrayList<>();
        List<Double> purpleStarts = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            purpleFlows.add("f" + i);
            purpleStarts.add((10 + 25 * i) / 1000.0);
        }
        for (String aqm : new String[] {"red", "ared"}) {
            for (int rtt : new int[] {297, 396}) {
                l.add(new ValidationCase("purple-" + aqm + "-" + rtt + "ms", "PURPLE baseline, 40 flows, "
                        + (aqm.equals("red") ? "RED 10/600" : "A-RED") + ", RTT " + rtt + " ms", true, Tolerances.MIN_SEEDS, 60,
                        purpleFlows, purpleStarts, "r1-r2@r1", PURPLE_FRAME, PURPLE_SEGMENT, false, false));
            }
        }
        return List.copyOf(l);
    }

    /** The case named {@code name}; the message lists the names when there is none. */
    public static ValidationCase byName(String name) {
        for (ValidationCase c : all()) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no validation case '" + name + "' (known: "
                + String.join(", ", all().stream().map(ValidationCase::name).toList()) + ")");
    }
}
