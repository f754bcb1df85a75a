package org.aspen.ee;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which code a node runs: a jar whose SHA-256 digest is on the allow-list, or whose detached
 * Ed25519 signature (over the 32-byte digest) verifies with one of the trusted keys. Everything
 * else is refused with a reason.
 *
 * <pre>{@code
 * TrustPolicy trust = new TrustPolicy().allowDigest(bundledDigestHex).trustKey(TrustPolicy.publicKey(x509Bytes));
 * String why = trust.check(code);   // null: allowed
 * byte[] sig = TrustPolicy.sign(privateKey, code.digest());
 * }</pre>
 *
 * Labs trust the AAs bundled with Aspen by putting their digests on the allow-list at boot.
 * Mutated only at set-up or on the node's loop.
 */
public final class TrustPolicy {
    /** How an operator lets such code run, said with every refusal of unlisted, unsigned code (issue 30 item 4). */
    public static final String HOW_TO_ALLOW = "to run it, deploy it with --allow, or sign its digest with a key this node trusts"
            + " and deploy it with --signature";

    public static final String ALGORITHM = "Ed25519";

    private final Set<String> allowed = new LinkedHashSet<>();
    private final List<PublicKey> keys = new ArrayList<>();

    /** Allows the code with this digest (64 hex digits). */
    public TrustPolicy allowDigest(String digestHex) {
        HexFormat.of().parseHex(digestHex);
        allowed.add(digestHex.toLowerCase());
        return this;
    }

    /** Allows the code of this jar (convenience for bundled AAs). */
    public TrustPolicy allowJar(byte[] jar) {
        return allowDigest(AaCode.hex(AaCode.sha256(jar)));
    }

    public TrustPolicy trustKey(PublicKey key) {
        if (!ALGORITHM.equalsIgnoreCase(key.getAlgorithm()) && !"EdDSA".equalsIgnoreCase(key.getAlgorithm())) {
            throw new IllegalArgumentException("trusted keys must be Ed25519, got " + key.getAlgorithm());
        }
        keys.add(key);
        return this;
    }

    /** Returns null when {@code code} may run, otherwise why it may not. */
    public String check(AaCode code) {
        if (allowed.contains(code.digestHex())) {
            return null;
        }
        byte[] sig = code.signature();
        if (sig == null) {
            return "code " + code + " is not on this node's allow-list and is not signed (" + HOW_TO_ALLOW + ")";
        }
        for (PublicKey k : keys) {
            if (verify(k, code.digest(), sig)) {
                return null;
            }
        }
        return "code " + code + " has a signature no trusted key verifies";
    }

    public Set<String> allowedDigests() {
        return Set.copyOf(allowed);
    }

    /** Signs a digest (the deploy tool's side). */
    public static byte[] sign(PrivateKey key, byte[] digest) {
        try {
            Signature s = Signature.getInstance(ALGORITHM);
            s.initSign(key);
            s.update(digest);
            return s.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot sign with " + key.getAlgorithm() + ": " + e.getMessage(), e);
        }
    }

    /** Reads an Ed25519 public key from its X.509 (SubjectPublicKeyInfo) encoding. */
    public static PublicKey publicKey(byte[] x509) {
        try {
            return KeyFactory.getInstance(ALGORITHM).generatePublic(new X509EncodedKeySpec(x509));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not an Ed25519 public key: " + e.getMessage(), e);
        }
    }

    private static boolean verify(PublicKey k, byte[] digest, byte[] sig) {
        try {
            Signature s = Signature.getInstance(ALGORITHM);
            s.initVerify(k);
            s.update(digest);
            return s.verify(sig);
        } catch (GeneralSecurityException | RuntimeException e) {
            return false;
        }
    }
}
