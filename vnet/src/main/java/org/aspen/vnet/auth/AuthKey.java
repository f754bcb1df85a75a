package org.aspen.vnet.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Set;
import org.aspen.vnet.VAddr;

/**
 * One key of a node's keyring. A <b>node key</b> ({@code links} empty) authenticates any protected
 * message whose signer is one of {@code nodes} (any signer when {@code nodes} is empty: a group key).
 * A <b>link key</b> ({@code links} non-empty) authenticates only link-local messages (routing) that
 * arrive on, or leave by, one of those links, so a router that shares a link key with its neighbours
 * can run routing but cannot sign end-to-end control (ACC, code fetch) without a node key.
 *
 * <pre>{@code
 * AuthKey k = new AuthKey(1, AuthKey.secret("hex:00112233445566778899aabbccddeeff", dir), Set.of(a), Set.of());
 * }</pre>
 *
 * @param id     key id carried in the trailer, 1-65535
 * @param secret HMAC-SHA256 key, at least 16 bytes
 * @param nodes  signers allowed to use it (node keys); empty: any holder
 * @param links  link names it is restricted to (link keys); empty: a node key
 */
public record AuthKey(int id, byte[] secret, Set<VAddr> nodes, Set<String> links) {
    public static final int MIN_SECRET_BYTES = 16;

    public AuthKey {
        if (id < 1 || id > 0xffff) {
            throw new IllegalArgumentException("key id must be 1-65535: " + id);
        }
        if (secret.length < MIN_SECRET_BYTES) {
            throw new IllegalArgumentException("key " + id + ": a secret of " + secret.length + " bytes is too short (at least "
                    + MIN_SECRET_BYTES + ")");
        }
        secret = secret.clone();
        nodes = Set.copyOf(nodes);
        links = Set.copyOf(links);
    }

    public boolean isLinkKey() {
        return !links.isEmpty();
    }

    /**
     * Reads a secret written as {@code hex:<hex digits>}, {@code base64:<base64>} or
     * {@code file:<path>} (a file holding hex or base64 text, or at least 16 raw bytes; relative to
     * {@code baseDir} when not null). Throws IllegalArgumentException naming the problem, never the secret.
     */
    public static byte[] secret(String text, Path baseDir) {
        if (text == null) {
            throw new IllegalArgumentException("missing secret (hex:..., base64:... or file:...)");
        }
        try {
            if (text.startsWith("hex:")) {
                return HexFormat.of().parseHex(text.substring(4).trim());
            }
            if (text.startsWith("base64:")) {
                return Base64.getDecoder().decode(text.substring(7).trim());
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("secret is not valid " + (text.startsWith("hex:") ? "hex" : "base64"));
        }
        if (text.startsWith("file:")) {
            Path p = Path.of(text.substring(5));
            if (baseDir != null && !p.isAbsolute()) {
                p = baseDir.resolve(p);
            }
            byte[] raw;
            try {
                raw = Files.readAllBytes(p);
            } catch (IOException e) {
                // NIO's messages are often just the path again: name the exception instead
                String why = e.getMessage() == null || e.getMessage().equals(p.toString()) ? e.getClass().getSimpleName() : e.getMessage();
                throw new IllegalArgumentException("cannot read key file " + p + " (" + why + ")");
            }
            String t = new String(raw, StandardCharsets.US_ASCII).trim();
            if (t.matches("(hex|base64):.*")) {
                return secret(t, baseDir);
            }
            if (t.matches("([0-9a-fA-F]{2})+")) {
                return HexFormat.of().parseHex(t);
            }
            return raw;   // raw bytes (e.g. head -c 32 /dev/urandom > node.key)
        }
        throw new IllegalArgumentException("a secret must start with hex:, base64: or file:");
    }

    @Override
    public String toString() {
        return "AuthKey[" + id + (isLinkKey() ? ", links " + links : ", nodes " + (nodes.isEmpty() ? "any" : nodes)) + "]";
    }
}
