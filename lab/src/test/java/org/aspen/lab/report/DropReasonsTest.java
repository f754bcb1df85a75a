package org.aspen.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.aspen.vnet.packet.DropReason;
import org.junit.jupiter.api.Test;

/** Every drop reason is explained, and docs/scenarios.md's table says the same as the code. */
class DropReasonsTest {
    @Test
    void everyReasonIsExplainedInTheCodeAndTheDocs() throws Exception {
        List<String> labels = Arrays.stream(DropReason.values()).map(r -> r.label).toList();
        assertEquals(labels, List.copyOf(DropReasons.all().keySet()), "one explanation per reason, in the enum's order");
        String doc = Files.readString(Path.of("..", "docs", "scenarios.md"));
        DropReasons.all().forEach((label, text) -> {
            assertTrue(text.endsWith(".") && text.length() > 20, label + ": " + text);
            assertTrue(doc.contains("| `" + label + "` | " + text + " |"), "docs/scenarios.md's row for " + label);
        });
        assertTrue(DropReasons.explain("node-stopped").startsWith("The node had stopped"));
        assertNull(DropReasons.explain("lost"));
    }
}
