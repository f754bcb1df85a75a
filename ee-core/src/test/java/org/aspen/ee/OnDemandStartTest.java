package org.aspen.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Map;
import org.aspen.ee.fetch.CodeFetch;
import org.aspen.ee.fetch.CodeFetcher;
import org.aspen.ee.fetch.RdpStreamTransport;
import org.aspen.ee.fetch.StreamTransport;
import org.aspen.vnet.node.Node;
import org.junit.jupiter.api.Test;

/**
 * A packet carrying an AA spec, sent from a to c across b, makes c fetch the code, verify it,
 * start the AA and deliver the packet. Run twice: with the code fetched over RDP, and over the
 * VNet stream double (the protocol alone, without RDP's machinery).
 */
abstract class OnDemandStartTest {
    static final class OverRdp extends OnDemandStartTest {
        @Override
        StreamTransport transport(Node n) {
            return new RdpStreamTransport(n);
        }

        @Test
        void fetchSurvivesLossOnTheWayBecauseRdpRetransmits() {
            int[] seen = new int[1];
            // b drops every 4th RDP segment it forwards, in both directions
            lab.b.addInterceptor((p, in) -> p.protocol() == org.aspen.vnet.packet.Protocol.RDP && ++seen[0] % 4 == 0);
            lab.ee("a").trust().allowJar(jar);
            lab.ee("a").deploy(jar, null);
            lab.ee("c").trust().allowJar(jar);
            sendThree();
            lab.run(4_000 * MS);
            assertNotNull(lab.ee("c").running("echo"), "started despite the loss");
            assertEquals(3, lab.ee("c").running("echo").counters().packets);
            assertEquals(1, lab.ee("c").counters().fetches);
            assertTrue(seen[0] >= 8, "segments dropped: " + seen[0] / 4);
        }
    }

    static final class OverStreamDouble extends OnDemandStartTest {
        @Override
        StreamTransport transport(Node n) {
            return new VnetStreamDouble(n);
        }
    }

    abstract StreamTransport transport(Node n);

    private static final long MS = 1_000_000L;

    final SimLab lab = new SimLab(SimLab.delayed(MS), EeConfig.DEFAULT);
    final byte[] jar = TestAas.echo("echo", "1");
    final AaCode code = AaCode.parse(jar, null);

    {
        for (Node n : new Node[] {lab.a, lab.b, lab.c}) {
            CodeFetch.over(lab.ee(n.name()), transport(n));
        }
    }

    void sendThree() {
        for (int i = 0; i < 3; i++) {
            int k = i;
            lab.net.at(k * 100_000L, "a", () -> SimLab.sendWithSpec(lab.a, SimLab.C, code, "hello" + k));
        }
    }

    @Test
    void aaIsFetchedFromTheSourceTwoHopsAwayStartedAndGivenEveryWaitingPacket() {
        lab.ee("a").trust().allowJar(jar);
        lab.ee("a").deploy(jar, null);
        lab.ee("c").trust().allowJar(jar);
        sendThree();
        lab.run(1_000 * MS);
        AaInstance echo = lab.ee("c").running("echo");
        assertNotNull(echo);
        assertEquals("pkt:hello0 from 10.0.0.2;pkt:hello1 from 10.0.0.2;pkt:hello2 from 10.0.0.2;", echo.app().toString());
        assertEquals(1, lab.ee("c").counters().fetches);
        assertTrue(lab.ee("c").cache().contains(code.digestHex()));
        // the jar crossed b in stream segments: far more than the three spec packets were forwarded
        assertTrue(lab.b.counters().forwarded > 3 + jar.length / 1400, "forwarded " + lab.b.counters().forwarded);

        // later packets go straight to the running AA, no second fetch
        lab.net.at(lab.net.now(), "a", () -> SimLab.sendWithSpec(lab.a, SimLab.C, code, "again"));
        lab.run(100 * MS);
        assertEquals(4, echo.counters().packets);
        assertEquals(1, lab.ee("c").counters().fetches);
    }

    @Test
    void hostileCodeFetchedOnDemandIsRefusedByTheAllowListEvenWhenItsDigestIsAllowed() {
        // a serves code that calls System.exit (its EE reads code without the list: an older node,
        // or a code server that is not an Aspen node); c's operator even allowed the digest
        byte[] exit = HostileAas.jar("Exit");
        lab.ee("a").skipAllowListForTests();
        lab.ee("a").trust().allowJar(exit);
        AaCode hostile = lab.ee("a").deploy(exit, null);
        lab.ee("c").trust().allowJar(exit);
        for (int i = 0; i < 3; i++) {
            int k = i;
            lab.net.at(k * 100_000L, "a", () -> SimLab.sendWithSpec(lab.a, SimLab.C, hostile, "bye" + k));
        }
        lab.run(1_000 * MS);
        assertEquals(null, lab.ee("c").running("exit"));
        assertEquals(1, lab.ee("c").counters().fetches);
        assertEquals(1, lab.ee("c").counters().refused);
        assertEquals(1, lab.ee("a").counters().remoteRefusals, "a hears why");
        // c goes on: forwarding and delivery as before
        lab.net.at(lab.net.now(), "a", () -> SimLab.sendRaw(lab.a, SimLab.C, "after"));
        lab.run(100 * MS);
        assertEquals(1, lab.raw("c"));
    }

    @Test
    void codeServerIsAskedWhenTheSourceDoesNotHaveTheCode() {
        lab.ee("b").trust().allowJar(jar);
        lab.ee("b").deploy(jar, null);
        lab.ee("c").trust().allowJar(jar);
        lab.ee("c").setCodeServer(SimLab.B);
        sendThree();
        lab.run(1_000 * MS);
        assertNotNull(lab.ee("c").running("echo"));
        assertEquals(3, lab.ee("c").running("echo").counters().packets);
        assertEquals(2, lab.ee("c").counters().fetches);
        assertEquals(1, lab.ee("c").counters().fetchFailures);
    }

    @Test
    void codeWhoseDigestDoesNotMatchIsRefusedAndTheRequesterIsTold() {
        byte[] other = TestAas.echo("echo", "2");
        lab.ee("c").trust().allowJar(jar).allowJar(other);
        // a lying code source: answers every request with other code
        lab.ee("c").setCodeFetcher((from, digest, done) -> done.accept(CodeFetcher.FetchResult.ok(other, null)));
        sendThree();
        lab.run(1_000 * MS);
        assertNull(lab.ee("c").running("echo"));
        assertEquals(1, lab.ee("c").counters().digestMismatches);
        assertEquals(3, lab.ee("c").counters().pendingDrops);
        assertEquals(1, lab.ee("a").counters().remoteRefusals);
        assertTrue(lab.ee("c").cache().all().isEmpty());
    }

    @Test
    void codeSignedByAnUntrustedKeyIsRefusedAndByATrustedKeyRuns() throws Exception {
        KeyPair trusted = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        KeyPair stranger = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        lab.ee("c").trust().trustKey(trusted.getPublic());
        lab.ee("a").trust().allowJar(jar);
        lab.ee("a").deploy(jar, TrustPolicy.sign(stranger.getPrivate(), code.digest()));
        sendThree();
        lab.run(1_000 * MS);
        assertNull(lab.ee("c").running("echo"));
        assertEquals(1, lab.ee("c").counters().refused);
        lab.run(EeConfig.DEFAULT.fetchTimeoutNanos());  // the refusal is held this long
        assertEquals(1, lab.ee("a").counters().remoteRefusals);

        lab.ee("a").deploy(jar, TrustPolicy.sign(trusted.getPrivate(), code.digest()));
        lab.net.at(lab.net.now(), "a", () -> SimLab.sendWithSpec(lab.a, SimLab.C, code, "signed"));
        lab.run(1_000 * MS);
        assertNotNull(lab.ee("c").running("echo"));
        assertEquals("pkt:signed from 10.0.0.2;", lab.ee("c").running("echo").app().toString());
    }

    @Test
    void withoutAFetcherUncachedCodeIsRefusedButCachedCodeStarts() {
        lab.ee("c").setCodeFetcher(null);
        sendThree();
        lab.run(100 * MS);
        assertEquals(3, lab.ee("c").counters().pendingDrops);
        assertEquals(1, lab.ee("a").counters().remoteRefusals);

        lab.ee("c").trust().allowJar(jar);
        lab.ee("c").deploy(jar, null);
        lab.net.at(lab.net.now(), "a", () -> SimLab.sendWithSpec(lab.a, SimLab.C, code, "cached"));
        lab.run(100 * MS);
        assertEquals(1, lab.ee("c").running("echo").counters().packets);
        assertEquals(0, lab.ee("c").counters().fetches);
    }
}
