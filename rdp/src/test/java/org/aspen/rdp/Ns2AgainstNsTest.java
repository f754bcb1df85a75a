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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The ported agents against ns-2.35 itself, event for event: every data segment the sender puts on the
 * link, with its send time in ms, equals what /usr/bin/ns (Debian's ns2 2.35) sent on the same set-up,
 * recorded in {@code src/test/resources/ns2-2.35/} by {@code dumbbell2.tcl} (its header has the
 * command). The set-up is {@link Ns2Path}'s: 10 ms each way, no rate limit, 200 segments of 1000 bytes,
 * the link dropping its n-th data packet as ns-2's ErrorModel/List counts (the SYN is 0).
 */
class Ns2AgainstNsTest {
    static final Ns2Params P = Ns2Params.defaults().with(Map.of("boot_time", 0.0));

    @ParameterizedTest(name = "{0} dropping {1}")
    @CsvSource({
        "Reno, 60",
        "Reno, 60 65 70",
        "Reno, 3 4 5 6 7",
        "Reno, 30 31 32 33 40",
        "Newreno, 60",
        "Newreno, 60 65 70",
        "Newreno, 3 4 5 6 7",
        "Newreno, 30 31 32 33 40",
    })
    void sendsWhatNs2Sends(String agent, String drops) throws IOException {
        Set<Integer> dropped = Arrays.stream(drops.split(" ")).map(Integer::valueOf).collect(Collectors.toSet());
        Ns2Path path = new Ns2Path(91, () -> agent.equals("Reno") ? new Ns2Reno(P) : new Ns2NewReno(P), 200, s -> false);
        path.dropLinkCount = dropped::contains;
        path.run(20_000_000_000L);
        List<String> aspen = new ArrayList<>();
        for (int i = 0; i < path.sent.size(); i++) {
            if (!dropped.contains(i + 1)) {   // ns-2's queue trace never shows a packet its error model dropped
                aspen.add(path.sent.get(i) + "@" + Math.round(path.sentAt.get(i) / 1e6));
            }
        }
        String name = "/ns2-2.35/" + agent + "-" + drops.replace(' ', '_') + ".txt";
        try (InputStream in = Ns2AgainstNsTest.class.getResourceAsStream(name)) {
            List<String> ns2 = List.of(new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim().split(" "));
            assertEquals(ns2, aspen);
        }
        assertEquals(200 * 1000, path.stats().bytesAcked());
    }
}
