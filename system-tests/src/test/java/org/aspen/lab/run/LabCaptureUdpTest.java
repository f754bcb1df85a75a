package org.aspen.lab.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.aspen.lab.report.LabResult;
import org.aspen.lab.scenario.Scenario;
import org.aspen.lab.scenario.ScenarioLoader;
import org.aspen.vnet.capture.PcapngReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lab's capture on the real UDP runtime (a system test: the lab runs on the wall clock) stamps its
 * packets with wall-clock time. The simulated capture and its dissector check: lab's LabCaptureTest.
 */
class LabCaptureUdpTest {
    @Test
    void realRuntimeCaptureHasWallClockTimestamps(@TempDir Path dir) throws Exception {
        Scenario s = ScenarioLoader.parse(new ByteArrayInputStream("""
                name: capture-real
                duration: 2s
                timers: {hello: 100ms, dead: 1s}
                nodes:
                  - {name: a, address: 10.0.0.1}
                  - {name: b, address: 10.0.0.2}
                links:
                  - {between: [a, b]}
                workload:
                  pings: [{from: a, to: b, count: 5, interval: 100ms, start: 1s}]
                capture: {file: real.pcapng}
                """.getBytes(StandardCharsets.UTF_8)), "capture-real", true);
        long before = System.currentTimeMillis() * 1_000_000L;
        LabResult r = LabRunner.run(s, new LabRunner.Options(false, null, null, null, null, dir, null));
        long after = System.currentTimeMillis() * 1_000_000L;
        assertTrue(r.passed(), r.summary());
        PcapngReader.Capture c = PcapngReader.read(Files.readAllBytes(dir.resolve("real.pcapng")));
        // (a:local may appear too: a ping sent before routing converged is dropped at a as no-route)
        assertTrue(c.interfaces().stream().map(PcapngReader.Iface::name).toList().containsAll(List.of("a:a-b", "b:a-b")));
        List<String> echoes = c.packets().stream().filter(p -> p.data()[3] == 0 && p.data()[20] == 4)
                .map(p -> p.comment().replaceAll(" action=.*", "")).toList();
        assertTrue(echoes.size() >= 5, "every echo request recorded: " + echoes);
        assertTrue(echoes.contains("node=a link=a-b dir=out") && echoes.contains("node=b link=a-b dir=in"), echoes.toString());
        for (PcapngReader.Pkt p : c.packets()) {
            assertTrue(p.nanos() >= before - 100_000_000L && p.nanos() <= after + 100_000_000L, "wall-clock time " + p.nanos());
        }
    }
}
