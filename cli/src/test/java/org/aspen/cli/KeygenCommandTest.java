package org.aspen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code aspen keygen}, and the multi-host example (overlay3.yaml, auth on) run as a lab with generated keys. */
class KeygenCommandTest {

    @Test
    void writesOwnerOnlyHexKeysAndNeverOverwrites(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("keys/a.key");
        Path b = dir.resolve("keys/b.key");
        CliTest.Run r = CliTest.run("keygen", a.toString(), b.toString());
        assertEquals(0, r.code(), r.err());
        String ka = Files.readString(a).trim();
        assertTrue(ka.matches("[0-9a-f]{64}"), ka);
        assertNotEquals(ka, Files.readString(b).trim());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(a)));
        CliTest.Run again = CliTest.run("keygen", a.toString());
        assertEquals(Aspen.FAILURE, again.code());
        assertTrue(again.err().contains("exists; not overwritten"), again.err());
        assertEquals(ka, Files.readString(a).trim());
    }

    @Test
    void theMultiHostExampleRunsWithAuthenticatedControl(@TempDir Path dir) throws Exception {
        Path cfg = dir.resolve("overlay3.yaml");
        Files.copy(CliTest.EXAMPLES.resolve("overlay3.yaml"), cfg);
        Path report = dir.resolve("report.json");
        CliTest.Run missing = CliTest.run("lab", "--sim", "--duration", "2s", cfg.toString());
        assertEquals(Aspen.USAGE, missing.code(), "no keys yet: " + missing.out() + missing.err());
        assertTrue(missing.err().contains("aspen: auth.keys[0].secret: no key file " + dir.resolve("keys/a.key")
                + " (create it with: aspen keygen FILE)\n"), missing.err());
        for (String n : new String[] {"a", "b", "c"}) {
            assertEquals(0, CliTest.run("keygen", dir.resolve("keys/" + n + ".key").toString()).code());
        }
        CliTest.Run lab = CliTest.run("lab", "--sim", "--duration", "3s", "--json", report.toString(), cfg.toString());
        assertEquals(0, lab.code(), lab.out() + lab.err());
        JsonNode nodes = new ObjectMapper().readTree(report.toFile()).path("nodes");
        assertTrue(nodes.path("b").path("auth").path("routing").path("verified").asLong() > 0, nodes.path("b").toString());
        assertEquals(0, nodes.path("b").path("drops").path("auth-forged").asLong());
    }
}
