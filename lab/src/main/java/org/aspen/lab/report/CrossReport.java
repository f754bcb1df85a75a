package org.aspen.lab.report;

/**
 * One cross-traffic source of a lab run ({@code workload.cross}, docs/scenarios.md), as the report's
 * {@code cross} list holds it.
 *
 * <pre>{@code
 * CrossReport c = result.report().cross().get(0);
 * double delivered = c.receivedPackets() / (double) c.sentPackets();
 * }</pre>
 */
public record CrossReport(String name, String from, String to, long rateBps, int packetBytes, String durations, long bursts,
                          double onSeconds, long sentPackets, long sendFailures, long receivedPackets, long receivedBytes) {
}
