package org.aspen.experiments.validation;

import java.util.List;

/**
 * One validation case: an ns-2.35 script and an Aspen scenario of the same set-up, both under
 * {@code experiments/src/main/resources/validation/} as {@code NAME.tcl} and {@code NAME.yaml} (Aspen with
 * ns-2's models), with {@code NAME-rdp.yaml} the same set-up on Aspen's own RDP and queues.
 *
 * <pre>{@code
 * ValidationCase c = ValidationCases.byName("red-2flows");
 * c.seeds();   // 10: a random case
 * }</pre>
 *
 * @param name          the files' base name and the case's name in {@code aspen validate --case}
 * @param description   one line for the table
 * @param random        true: the runs draw random numbers (RED, on/off sources), compared over seeds
 * @param seeds         runs per simulator (1 for a deterministic case, at least {@link Tolerances#MIN_SEEDS} for a random one)
 * @param durationSeconds run length, the same in both files
 * @param flows         the TCP flows by name, in the ns-2 script's order (its flow ids 1, 2, ...)
 * @param flowStarts    each flow's start (s), in the same order
 * @param bottleneck    the Aspen link and node of the watched direction ({@code link@node}); ns-2's is 'bottleneck'
 * @param dataFrame     bytes of a data packet on the wire (1000) and {@code segment} its RDP data bytes (940)
 * @param watchRed      true: RED's average queue is compared
 * @param quick         true: short enough for the unit tests
 */
public record ValidationCase(String name, String description, boolean random, int seeds, double durationSeconds,
                             List<String> flows, List<Double> flowStarts, String bottleneck, int dataFrame, int segment,
                             boolean watchRed, boolean quick) {
    public ValidationCase {
        if (flows.size() != flowStarts.size()) {
            throw new IllegalArgumentException(name + ": " + flows.size() + " flows but " + flowStarts.size() + " starts");
        }
    }

    /** True for a case whose flows are ECN-capable: its rows add each flow's window cuts on ECN echoes. */
    public boolean ecn() {
        return ValidationCases.ECN.contains(name);
    }

    public String tclResource() {
        return ValidationCases.RESOURCES + name + ".tcl";
    }

    /** The Aspen half for {@code baseline}: {@code NAME.yaml} (ns-2's models) or {@code NAME-rdp.yaml} (Aspen RDP). */
    public String yamlResource(Baseline baseline) {
        return ValidationCases.RESOURCES + name + baseline.suffix() + ".yaml";
    }

    /** Which Aspen half runs against ns-2. */
    public enum Baseline {
        /** Aspen with ns-2.35's models: the queue kinds ns2-red and ns2-droptail (NAME.yaml). */
        NS2("", "ns-2 models"),
        /** Aspen's own RDP and queues (NAME-rdp.yaml): the 'before' table, a sensitivity row. */
        RDP("-rdp", "Aspen RDP");

        private final String suffix;
        private final String label;

        Baseline(String suffix, String label) {
            this.suffix = suffix;
            this.label = label;
        }

        public String suffix() {
            return suffix;
        }

        public String label() {
            return label;
        }
    }
}
