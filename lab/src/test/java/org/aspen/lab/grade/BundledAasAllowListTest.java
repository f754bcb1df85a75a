package org.aspen.lab.grade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aspen.acc.AbcdSetup;
import org.aspen.acc.AccJars;
import org.aspen.ee.AaCode;
import org.aspen.flakeway.FlakewayAas;
import org.aspen.lab.build.BundledAas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every AA Aspen ships passes the AA allow-list (issue 30, docs/writing-an-aa.md "What an AA may
 * use"): the bundled jars (flow counter, ABCD monitor), ACC's monitor and filter, the flakeway AA,
 * each lab's reference solution AA and the {@code aspen aa new} template. (The benchmark's
 * pass-through AA is started by bench's own tests.)
 */
class BundledAasAllowListTest {

    @Test
    void everyShippedAaJarIsAccepted() {
        Map<String, byte[]> jars = new LinkedHashMap<>(BundledAas.all());
        jars.put("acc-monitor", AccJars.monitor());
        jars.put("acc-filter", AccJars.filter());
        jars.put("abcd-monitor (active-apps)", AbcdSetup.monitorJar());
        jars.put("flakeway", FlakewayAas.jar());
        assertTrue(jars.containsKey("flow-counter"), jars.keySet().toString());
        for (Map.Entry<String, byte[]> e : jars.entrySet()) {
            AaCode code = AaCode.parse(e.getValue(), null);   // throws the refusal's line if one is refused
            assertFalse(code.name().isEmpty(), e.getKey());
        }
    }

    @Test
    void everyLabSolutionAaIsAccepted(@TempDir Path tmp) throws Exception {
        List<String> built = new ArrayList<>();
        for (String lab : LabsTest.labs().toList()) {
            Path dir = LabsTest.copy(lab, tmp);
            LabCheck.CheckFile cf = LabCheck.readCheckFile(dir.resolve(LabCheck.CHECK_FILE));
            for (AaBuild.Spec spec : cf.build()) {
                Path jar = AaBuild.build(dir.resolve("solution"), spec);   // refused code fails the build
                AaCode.parse(Files.readAllBytes(jar), null);
                built.add(lab + ":" + spec.name());
            }
        }
        assertEquals(List.of("05-queue-aa:early-drop"), built);
    }

    @Test
    void theAaNewTemplateIsAccepted(@TempDir Path tmp) throws Exception {
        String template = Files.readString(Path.of("..", "cli", "src", "main", "resources", "aa-template", "Aa.java.template"));
        String source = template.replace("{{PACKAGE}}", "org.example.hopcounter").replace("{{CLASS}}", "HopCounter")
                .replace("{{NAME}}", "hop-counter");
        assertFalse(source.contains("{{"), source);
        Path src = tmp.resolve("aa/org/example/hopcounter/HopCounter.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, source);
        Path jar = AaBuild.build(tmp, new AaBuild.Spec("aa", "hop-counter.jar", "hop-counter", "1.0.0",
                "org.example.hopcounter.HopCounter", null));
        assertEquals("hop-counter@1.0.0", AaCode.parse(Files.readAllBytes(jar), null).id());
    }
}
