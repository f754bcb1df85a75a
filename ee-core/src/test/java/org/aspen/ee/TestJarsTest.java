package org.aspen.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * test-support's TestJars sits below ee-core, so it writes the AA manifest's entry names itself: the
 * EE reads a jar it built back with the names, version, entry and description given.
 */
class TestJarsTest {
    @Test
    void theEeReadsTheManifestTestJarsWrites() {
        AaCode code = AaCode.parse(TestJars.jar("probe-names", "3", "t.Echo", TestAas.ECHO), null);
        assertEquals("probe-names", code.name());
        assertEquals("3", code.version());
        assertEquals("t.Echo", code.entryClass());
        assertEquals("test AA probe-names", code.description());
    }
}
