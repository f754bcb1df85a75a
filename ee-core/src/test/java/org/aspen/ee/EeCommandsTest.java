package org.aspen.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.aspen.ee.mgmt.EeCommandHandler;
import org.aspen.ee.mgmt.EeCommands;
import org.junit.jupiter.api.Test;

/** The management commands against a node in the simulation (the loop runs between call and answer). */
class EeCommandsTest {
    private final SimLab lab = new SimLab();
    private final Map<String, EeCommandHandler> commands = new HashMap<>();
    private final byte[] jar = TestAas.echo("echo", "1");

    EeCommandsTest() {
        EeCommands.register(lab.ee("b"), commands::put);
    }

    private Map<String, Object> call(String cmd, Map<String, Object> args) {
        CompletableFuture<Map<String, Object>> f = commands.get(cmd).handle(args).toCompletableFuture();
        assertTrue(!f.isDone(), "answers come from the node's loop");
        lab.run(1_000_000L);
        return f.join();
    }

    @Test
    void startAndStopTakeNameAtVersionOrAUniqueDigestPrefix() {
        byte[] v2 = TestAas.echo("echo", "2");
        lab.trusted(jar);
        lab.trusted(v2);
        String d1 = (String) call(EeCommands.DEPLOY, Map.of("jar", Base64.getEncoder().encodeToString(jar))).get("digest");
        String d2 = (String) call(EeCommands.DEPLOY, Map.of("jar", Base64.getEncoder().encodeToString(v2))).get("digest");
        assertEquals("echo@1", call(EeCommands.AA_START, Map.of("digest", "echo@1")).get("id"));
        int n = 1;
        while (d1.substring(0, n).equals(d2.substring(0, n))) {
            n++;   // the shortest prefix only v2's digest has
        }
        assertEquals("echo@2", call(EeCommands.AA_START, Map.of("digest", d2.substring(0, n).toUpperCase())).get("id"));
        assertEquals(List.of("echo@1"), call(EeCommands.AA_STOP, Map.of("name", d1.substring(0, n))).get("stopped"));
        assertEquals("no code nope@9 in this node's cache; deploy it first",
                call(EeCommands.AA_START, Map.of("digest", "nope@9")).get("error"));
    }

    @Test
    void anUpgradeWithoutParametersKeepsTheRunningOnesAndSaysSo() {
        byte[] v2 = TestAas.echo("echo", "2");
        byte[] v3 = TestAas.echo("echo", "3");
        for (byte[] j : List.of(jar, v2, v3)) {
            lab.trusted(j);
        }
        call(EeCommands.DEPLOY, Map.of("jar", Base64.getEncoder().encodeToString(jar), "start", true,
                "params", Map.of("ticks", "0", "aa.memory", "8MiB")));
        Map<String, Object> up = call(EeCommands.DEPLOY, Map.of("jar", Base64.getEncoder().encodeToString(v2), "upgrade", true));
        assertEquals("echo@2", up.get("id"));
        assertEquals(Map.of("aa.memory", "8MiB", "ticks", "0"), up.get("params"));
        assertEquals(true, up.get("paramsKept"));
        AaReport row = (AaReport) ((List<?>) call(EeCommands.AA_LIST, Map.of()).get("aas")).get(1);
        assertEquals("echo@2", row.id());
        assertEquals(Map.of("aa.memory", "8MiB", "ticks", "0"), row.params());
        Map<String, Object> given = call(EeCommands.DEPLOY, Map.of("jar", Base64.getEncoder().encodeToString(v3), "upgrade", true,
                "params", Map.of("ticks", "1")));
        assertEquals(Map.of("ticks", "1"), given.get("params"));
        assertEquals(false, given.get("paramsKept"));
    }

    @Test
    void anAasLogLinesAndTheNodesLinesAboutItCanBeReadAndFollowed() {
        byte[] thrower = TestAas.diverter("thrower");
        lab.trusted(thrower);
        call(EeCommands.DEPLOY, Map.of("jar", Base64.getEncoder().encodeToString(thrower), "start", true,
                "params", Map.of("mode", "throw")));
        for (int i = 0; i < 2; i++) {
            lab.net.at(lab.net.now() + i * 1000L, "a", () -> SimLab.sendRaw(lab.a, SimLab.C, "x"));
        }
        lab.run(1_000_000_000L);
        Map<String, Object> first = call(EeCommands.AA_LOGS, Map.of("aa", "thrower"));
        assertEquals("thrower@1", first.get("id"));
        List<?> lines = (List<?>) first.get("lines");
        assertEquals(2, lines.size(), lines.toString());
        Map<?, ?> one = (Map<?, ?>) lines.get(0);
        assertEquals(1L, ((Number) one.get("seq")).longValue());
        assertEquals("WARN", one.get("level"));
        assertTrue(((String) one.get("line")).startsWith("failed in packet (1 of 5 allowed): java.lang.IllegalStateException:"
                + " boom 1 at t.Diverter.on(Diverter.java:"), one.toString());
        assertEquals(2L, ((Number) first.get("last")).longValue());
        call(EeCommands.AA_STOP, Map.of("id", "thrower@1"));
        Map<String, Object> next = call(EeCommands.AA_LOGS, Map.of("aa", "thrower@1", "after", 2));
        assertEquals(List.of("stopped: stopped by management command"),
                ((List<?>) next.get("lines")).stream().map(l -> ((Map<?, ?>) l).get("line")).toList());
        assertEquals("no AA nobody on this node", call(EeCommands.AA_LOGS, Map.of("aa", "nobody")).get("error"));
    }

    @Test
    void deployStartListStopAndStats() {
        lab.trusted(jar);
        String b64 = Base64.getEncoder().encodeToString(jar);
        Map<String, Object> deployed = call(EeCommands.DEPLOY, Map.of("jar", b64, "start", true, "params", Map.of("ticks", "2")));
        assertEquals(true, deployed.get("ok"), deployed.toString());
        assertEquals("echo@1", deployed.get("id"));
        assertEquals(AaCode.hex(AaCode.sha256(jar)), deployed.get("digest"));

        List<?> rows = (List<?>) call(EeCommands.AA_LIST, Map.of()).get("aas");
        assertEquals(1, rows.size());
        AaReport row = (AaReport) rows.get(0);
        assertEquals("running", row.state());
        assertEquals("test AA echo", row.description());

        Map<String, Object> stopped = call(EeCommands.AA_STOP, Map.of("id", "echo@1"));
        assertEquals(List.of("echo@1"), stopped.get("stopped"));
        AaReport after = (AaReport) ((List<?>) call(EeCommands.AA_LIST, Map.of()).get("aas")).get(0);
        assertEquals("stopped", after.state());
        assertEquals("stopped by management command", after.stopReason());

        Map<String, Object> restarted = call(EeCommands.AA_START, Map.of("digest", deployed.get("digest")));
        assertEquals("echo@1", restarted.get("id"));

        Map<?, ?> stats = (Map<?, ?>) call(EeCommands.STATS, Map.of()).get("stats");
        assertEquals("b", stats.get("node"));
        assertEquals(2L, ((EeCounts) stats.get("ee")).started());
        assertTrue(((Map<?, ?>) stats.get("links")).containsKey("b-c"));
    }

    @Test
    void refusalsAndBadArgumentsComeBackAsOneLineErrors() {
        String b64 = Base64.getEncoder().encodeToString(jar);
        Map<String, Object> untrusted = call(EeCommands.DEPLOY, Map.of("jar", b64));
        assertEquals(false, untrusted.get("ok"));
        assertTrue(((String) untrusted.get("error")).endsWith("is not on this node's allow-list and is not signed (" + TrustPolicy.HOW_TO_ALLOW + ")"));
        assertEquals("argument 'jar' is not base64: Illegal base64 character 21",
                call(EeCommands.DEPLOY, Map.of("jar", "!!")).get("error"));
        assertEquals("missing argument 'digest'", call(EeCommands.AA_START, Map.of()).get("error"));
        assertEquals("no running AA nope@1", call(EeCommands.AA_STOP, Map.of("id", "nope@1")).get("error"));
    }

    @Test
    void operatorCanAllowCodeWhenDeploying() {
        Map<String, Object> r = call(EeCommands.DEPLOY, Map.of("jar", Base64.getEncoder().encodeToString(jar), "allow", true, "start", true));
        assertEquals(true, r.get("ok"), r.toString());
        assertTrue(lab.ee("b").trust().allowedDigests().contains(AaCode.hex(AaCode.sha256(jar))));
    }

    @Test
    void aBrokenJarIsRefusedBeforeItsDigestIsAllowed() {
        byte[] truncated = java.util.Arrays.copyOf(jar, jar.length / 2);
        Map<String, Object> r = call(EeCommands.DEPLOY, Map.of("jar", Base64.getEncoder().encodeToString(truncated), "allow", true));
        assertEquals(false, r.get("ok"), r.toString());
        assertTrue(lab.ee("b").trust().allowedDigests().isEmpty(), lab.ee("b").trust().allowedDigests().toString());
        byte[] notAJar = "hello".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Map<String, Object> r2 = call(EeCommands.DEPLOY, Map.of("jar", Base64.getEncoder().encodeToString(notAJar), "allow", true,
                "start", true));
        assertEquals(false, r2.get("ok"), r2.toString());
        assertTrue(lab.ee("b").trust().allowedDigests().isEmpty(), lab.ee("b").trust().allowedDigests().toString());
        assertEquals(2L, lab.ee("b").counters().refused);
    }

    @Test
    void signedCodeIsDeployedWhenTheNodeTrustsTheKey() throws Exception {
        java.security.KeyPair k = java.security.KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        lab.ee("b").trust().trustKey(k.getPublic());
        byte[] sig = TrustPolicy.sign(k.getPrivate(), AaCode.sha256(jar));
        Map<String, Object> r = call(EeCommands.DEPLOY, Map.of("jar", Base64.getEncoder().encodeToString(jar),
                "signature", Base64.getEncoder().encodeToString(sig), "start", true));
        assertEquals("echo@1", r.get("id"), r.toString());
        assertTrue(lab.ee("b").trust().allowedDigests().isEmpty(), "admitted by signature, not by the allow-list");
    }

    @Test
    void deployWithUpgradeReplacesTheRunningVersion() {
        byte[] v2 = lab.trusted(TestAas.echo("echo", "2"));
        lab.start("b", jar, Map.of());
        Map<String, Object> up = call(EeCommands.DEPLOY, Map.of("jar", Base64.getEncoder().encodeToString(v2), "upgrade", true));
        assertEquals("echo@2", up.get("id"));
        assertEquals(AaInstance.State.STOPPED, lab.ee("b").instance("echo@1").state());
    }
}
