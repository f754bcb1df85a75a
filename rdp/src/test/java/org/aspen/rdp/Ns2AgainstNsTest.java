package org.aspen.rdp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.aspen.rdp.ns2.Ns2NewReno;
import org.aspen.rdp.ns2.Ns2Params;
import org.aspen.rdp.ns2.Ns2Reno;
import org.aspen.rdp.ns2.Ns2Sack1;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ported agents against ns-2.35 itself, event for event: every data segment the sender puts on the
 * link, with its send time in ms, equals what /usr/bin/ns (Debian's ns2 2.35) sent on the same set-up,
 * recorded in {@code src/test/resources/ns2-2.35/} by {@code dumbbell2.tcl} (its header has the
 * command). The set-up is {@link Ns2Path}'s: 10 ms each way, no rate limit, 200 segments of 1000 bytes,
 * the link dropping its n-th data packet as ns-2's ErrorModel/List counts (the SYN is 0): one loss, three
 * in a window, five in a row with a lost resend, a burst plus one, six holes (more than Sack1's three
 * blocks), holes in eight windows, a burst of twelve, and losses of resends in recovery. Sack1 runs
 * against Agent/TCPSink/Sack1. The segments that carry CWR are compared too, against the packets whose
 * trace flags show ns-2's congestion action ('A', trace/trace.cc:256), recorded beside each run as
 * {@code <run>.cwr.txt}: with ns-2.35's SetCWRonRetransmit_ (true), the first resend after a cut carries it.
 */
class Ns2AgainstNsTest {
    static final Ns2Params P = Ns2Params.defaults().with(Map.of("boot_time", 0.0));

    @ParameterizedTest(name = "{0} dropping {1}")
    @CsvSource({
        "Reno, 60",
        "Reno, 60 65 70",
        "Reno, 3 4 5 6 7",
        "Reno, 30 31 32 33 40",
        "Reno, 60 62 64 66 68 70",
        "Reno, 20 25 30 35 40 45 50 55",
        "Reno, 50 51 52 53 54 55 56 57 58 59 60 61",
        "Reno, 60 65 70 81 82",
        "Newreno, 60",
        "Newreno, 60 65 70",
        "Newreno, 3 4 5 6 7",
        "Newreno, 30 31 32 33 40",
        "Newreno, 60 62 64 66 68 70",
        "Newreno, 20 25 30 35 40 45 50 55",
        "Newreno, 50 51 52 53 54 55 56 57 58 59 60 61",
        "Newreno, 60 65 70 81 82",
        "Sack1, 60",
        "Sack1, 60 65 70",
        "Sack1, 3 4 5 6 7",
        "Sack1, 30 31 32 33 40",
        "Sack1, 60 62 64 66 68 70",
        "Sack1, 20 25 30 35 40 45 50 55",
        "Sack1, 50 51 52 53 54 55 56 57 58 59 60 61",
        "Sack1, 60 65 70 81 82",
    })
    void sendsWhatNs2Sends(String agent, String drops) throws IOException {
        Set<Integer> dropped = Arrays.stream(drops.split(" ")).map(Integer::valueOf).collect(Collectors.toSet());
        Ns2Path path = new Ns2Path(91, () -> agent.equals("Reno") ? new Ns2Reno(P)
                : agent.equals("Newreno") ? new Ns2NewReno(P) : new Ns2Sack1(P), 200, s -> false);
        path.dropLinkCount = dropped::contains;
        path.run(20_000_000_000L);
        List<String> aspen = new ArrayList<>();
        List<String> aspenCwr = new ArrayList<>();
        for (int i = 0; i < path.sent.size(); i++) {
            if (!dropped.contains(i + 1)) {   // ns-2's queue trace never shows a packet its error model dropped
                String event = path.sent.get(i) + "@" + Math.round(path.sentAt.get(i) / 1e6);
                aspen.add(event);
                if (path.cwr.get(i)) {
                    aspenCwr.add(event);
                }
            }
        }
        String name = "/ns2-2.35/" + agent + "-" + drops.replace(' ', '_');
        assertEquals(fixture(name + ".txt"), aspen);
        assertEquals(fixture(name + ".cwr.txt"), aspenCwr, "the segments carrying CWR");
        assertEquals(200 * 1000, path.stats().bytesAcked());
    }

    private static List<String> fixture(String name) throws IOException {
        try (InputStream in = Ns2AgainstNsTest.class.getResourceAsStream(name)) {
            return List.of(new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim().split(" "));
        }
    }
}
