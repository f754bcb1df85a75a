package org.aspen.ee;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Payload of VNet protocol {@code AA_MESSAGE} (big-endian):
 * <pre>
 * 0 u8 kind (1 message, 2 error notice)
 * 1 u8 n, then n bytes UTF-8: sending AA's name (empty for the EE itself)
 *   u8 m, then m bytes UTF-8: receiving AA's name
 *   the rest: the body (for an error notice, UTF-8 text)
 * </pre>
 *
 * <pre>{@code
 * byte[] payload = AaMessageCodec.encode(AaMessageCodec.MESSAGE, "monitor", "filter", body);
 * AaMessageCodec.Decoded d = AaMessageCodec.decode(payload);   // null when malformed
 * }</pre>
 */
final class AaMessageCodec {
    static final int MESSAGE = 1;
    static final int ERROR = 2;

    record Decoded(int kind, String from, String to, byte[] body) {
    }

    private AaMessageCodec() {
    }

    static byte[] encode(int kind, String from, String to, byte[] body) {
        byte[] f = from.getBytes(StandardCharsets.UTF_8);
        byte[] t = to.getBytes(StandardCharsets.UTF_8);
        if (f.length > 255 || t.length > 255) {
            throw new IllegalArgumentException("AA names in messages must be at most 255 bytes");
        }
        byte[] out = new byte[3 + f.length + t.length + body.length];
        out[0] = (byte) kind;
        out[1] = (byte) f.length;
        System.arraycopy(f, 0, out, 2, f.length);
        out[2 + f.length] = (byte) t.length;
        System.arraycopy(t, 0, out, 3 + f.length, t.length);
        System.arraycopy(body, 0, out, 3 + f.length + t.length, body.length);
        return out;
    }

    static Decoded decode(byte[] p) {
        if (p.length < 3) {
            return null;
        }
        int kind = p[0] & 0xff;
        int f = p[1] & 0xff;
        if (2 + f >= p.length) {
            return null;
        }
        int t = p[2 + f] & 0xff;
        int bodyAt = 3 + f + t;
        if (bodyAt > p.length || (kind != MESSAGE && kind != ERROR)) {
            return null;
        }
        return new Decoded(kind, new String(p, 2, f, StandardCharsets.UTF_8),
                new String(p, 3 + f, t, StandardCharsets.UTF_8), Arrays.copyOfRange(p, bodyAt, p.length));
    }
}
