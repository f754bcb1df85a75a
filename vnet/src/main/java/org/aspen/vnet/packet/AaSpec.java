package org.aspen.vnet.packet;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The AA spec a packet may carry: which active application should handle it.
 *
 * <pre>{@code
 * AaSpec spec = new AaSpec("acc-filter", "1.0.0", sha256OfJar);
 * }</pre>
 *
 * Name: 1-64 bytes of UTF-8; version: 1-32 bytes; digest: the SHA-256 of the AA's jar (32 bytes).
 */
public record AaSpec(String name, String version, byte[] digest) {
    public static final int MAX_NAME = 64;
    public static final int MAX_VERSION = 32;
    public static final int DIGEST_LENGTH = 32;

    public AaSpec {
        int n = name.getBytes(StandardCharsets.UTF_8).length;
        int v = version.getBytes(StandardCharsets.UTF_8).length;
        if (n < 1 || n > MAX_NAME) {
            throw new IllegalArgumentException("AA name must be 1-" + MAX_NAME + " bytes: '" + name + "'");
        }
        if (v < 1 || v > MAX_VERSION) {
            throw new IllegalArgumentException("AA version must be 1-" + MAX_VERSION + " bytes: '" + version + "'");
        }
        if (digest.length != DIGEST_LENGTH) {
            throw new IllegalArgumentException("AA digest must be " + DIGEST_LENGTH + " bytes, got " + digest.length);
        }
        digest = digest.clone();
    }

    @Override
    public byte[] digest() {
        return digest.clone();
    }

    public String digestHex() {
        return HexFormat.of().formatHex(digest);
    }

    /** Encoded size in the header: name length byte, name, version length byte, version, digest. */
    public int encodedLength() {
        return 2 + name.getBytes(StandardCharsets.UTF_8).length + version.getBytes(StandardCharsets.UTF_8).length + DIGEST_LENGTH;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AaSpec s && s.name.equals(name) && s.version.equals(version) && Arrays.equals(s.digest, digest);
    }

    @Override
    public int hashCode() {
        return (name.hashCode() * 31 + version.hashCode()) * 31 + Arrays.hashCode(digest);
    }

    @Override
    public String toString() {
        return name + "@" + version + "#" + digestHex().substring(0, 12);
    }
}
