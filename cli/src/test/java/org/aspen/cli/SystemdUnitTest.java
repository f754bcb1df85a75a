package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundle's systemd unit (src/dist/systemd/aspen-node@.service): a stop by SIGTERM, which the JVM
 * reports as status 143, counts as success, and the sandbox is tight enough that
 * {@code systemd-analyze security} rates it at most 4 ("OK").
 */
class SystemdUnitTest {
    static final Path UNIT = Path.of("src", "dist", "systemd", "aspen-node@.service");

    @Test
    void aStopBySigtermIsASuccessAndTheSandboxDirectivesAreThere() throws Exception {
        List<String> lines = Files.readAllLines(UNIT);
        for (String d : List.of("SuccessExitStatus=143", "KillSignal=SIGTERM", "NoNewPrivileges=true", "CapabilityBoundingSet=",
                "RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX AF_NETLINK", "SystemCallArchitectures=native",
                "ProtectKernelTunables=true", "ProtectKernelModules=true", "ProtectKernelLogs=true", "ProtectControlGroups=true",
                "PrivateDevices=true", "SystemCallFilter=@system-service", "User=aspen")) {
            assertTrue(lines.contains(d), "the unit sets " + d);
        }
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("MemoryDenyWriteExecute=")), "a JVM's JIT needs W+X memory");
    }

    @Test
    void systemdAnalyzeRatesTheUnitOk(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/systemd-analyze")), "systemd-analyze is not installed here");
        Path unit = dir.resolve("aspen-node@b.service");   // an instance: the template itself cannot be analysed
        Files.copy(UNIT, unit);
        Process p = new ProcessBuilder("/usr/bin/systemd-analyze", "security", "--offline=yes", "--no-pager", unit.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "systemd-analyze finished");
        Matcher m = Pattern.compile("Overall exposure level for aspen-node@b.service: (\\d+\\.\\d) (\\w+)").matcher(out);
        assertTrue(m.find(), out);
        assertTrue(Double.parseDouble(m.group(1)) <= 4.0, "exposure " + m.group(1) + " " + m.group(2));
        assertEquals("OK", m.group(2), out);
    }
}
