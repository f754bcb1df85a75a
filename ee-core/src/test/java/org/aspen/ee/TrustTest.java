package org.aspen.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrustTest {
    private final byte[] jar = TestAas.echo("echo", "1");
    private final AaCode code = AaCode.parse(jar, null);

    private static KeyPair keys() throws Exception {
        return KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
    }

    @Test
    void unsignedCodeOffTheAllowListIsRefusedAndTheNodeCarriesOn() {
        SimLab lab = new SimLab();
        AaException e = assertThrows(AaException.class, () -> lab.ee("b").startAa(jar, Map.of()));
        assertEquals("code " + code + " is not on this node's allow-list and is not signed (to run it, deploy it with --allow,"
                + " or sign its digest with a key this node trusts and deploy it with --signature)", e.getMessage());
        assertEquals(1, lab.ee("b").counters().refused);
        lab.net.at(0, "a", () -> SimLab.sendRaw(lab.a, SimLab.C, "still forwarding"));
        lab.run(1_000_000_000L);
        assertEquals(1, lab.raw("c"));
    }

    @Test
    void allowListAndTrustedSignaturesAdmitCode() throws Exception {
        KeyPair k = keys();
        assertNull(new TrustPolicy().allowJar(jar).check(code));
        TrustPolicy signed = new TrustPolicy().trustKey(TrustPolicy.publicKey(k.getPublic().getEncoded()));
        assertNull(signed.check(code.withSignature(TrustPolicy.sign(k.getPrivate(), code.digest()))));
    }

    @Test
    void signatureByAnotherKeyOrOverOtherCodeIsRefused() throws Exception {
        KeyPair trusted = keys();
        TrustPolicy t = new TrustPolicy().trustKey(trusted.getPublic());
        String why = t.check(code.withSignature(TrustPolicy.sign(keys().getPrivate(), code.digest())));
        assertEquals("code " + code + " has a signature no trusted key verifies", why);
        byte[] otherDigest = AaCode.sha256(new byte[] {1});
        assertTrue(t.check(code.withSignature(TrustPolicy.sign(trusted.getPrivate(), otherDigest))) != null);
    }

    @Test
    void malformedAndOversizedJarsAreRefusedWithAReason() {
        SimLab lab = new SimLab();
        AaException notJar = assertThrows(AaException.class, () -> lab.ee("b").deploy(new byte[] {1, 2, 3}, null));
        assertTrue(notJar.getMessage().startsWith("AA jar has no manifest") || notJar.getMessage().startsWith("not a readable"),
                notJar.getMessage());
        ExecutionEnvironment small = new ExecutionEnvironment(lab.a,
                new EeConfig(100_000_000L, 5, 16, 16, 16, 100, 1_000_000_000L, 4, 1_000_000L, 1L << 20), new TrustPolicy().allowJar(jar));
        AaException big = assertThrows(AaException.class, () -> small.deploy(jar, null));
        assertTrue(big.getMessage().endsWith("over this node's limit of 100"), big.getMessage());
    }
}
