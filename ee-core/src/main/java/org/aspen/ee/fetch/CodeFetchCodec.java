package org.aspen.ee.fetch;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The code-fetch protocol's frames (big-endian), one request and one response per stream:
 * <pre>
 * request:  u8 version (1) | u8 type 1 (REQUEST) | 32-byte SHA-256 of the wanted jar
 * response: u8 version (1) | u8 type 2 (CODE)    | u32 jar length | jar | u16 sig length | Ed25519 signature (may be empty)
 *           u8 version (1) | u8 type 3 (REFUSED) | u16 length     | UTF-8 reason
 * </pre>
 *
 * <pre>{@code
 * stream.write(CodeFetchCodec.request(digest));
 * CodeFetchCodec.Buffer in = new CodeFetchCodec.Buffer();
 * in.append(chunk);
 * CodeFetchCodec.Response r = in.response(maxJarBytes);   // null until complete
 * }</pre>
 *
 * Malformed input gives a frame with {@code malformed} set, never an exception.
 */
public final class CodeFetchCodec {
    public static final int VERSION = 1;
    public static final int REQUEST = 1;
    public static final int CODE = 2;
    public static final int REFUSED = 3;
    public static final int DIGEST_LENGTH = 32;
    public static final int REQUEST_LENGTH = 2 + DIGEST_LENGTH;

    private CodeFetchCodec() {
    }

    /** @param malformed why the bytes are not a request, or null */
    public record Request(byte[] digest, String malformed) {
    }

    /** Exactly one of {@code jar}, {@code refusal}, {@code malformed} is set. */
    public record Response(byte[] jar, byte[] signature, String refusal, String malformed) {
    }

    public static byte[] request(byte[] digest) {
        if (digest.length != DIGEST_LENGTH) {
            throw new IllegalArgumentException("digest must be 32 bytes");
        }
        byte[] b = new byte[REQUEST_LENGTH];
        b[0] = VERSION;
        b[1] = REQUEST;
        System.arraycopy(digest, 0, b, 2, DIGEST_LENGTH);
        return b;
    }

    public static byte[] code(byte[] jar, byte[] signature) {
        byte[] sig = signature == null ? new byte[0] : signature;
        byte[] b = new byte[2 + 4 + jar.length + 2 + sig.length];
        b[0] = VERSION;
        b[1] = CODE;
        putU32(b, 2, jar.length);
        System.arraycopy(jar, 0, b, 6, jar.length);
        b[6 + jar.length] = (byte) (sig.length >>> 8);
        b[7 + jar.length] = (byte) sig.length;
        System.arraycopy(sig, 0, b, 8 + jar.length, sig.length);
        return b;
    }

    public static byte[] refused(String reason) {
        byte[] r = reason.getBytes(StandardCharsets.UTF_8);
        int n = Math.min(r.length, 0xffff);
        byte[] b = new byte[4 + n];
        b[0] = VERSION;
        b[1] = REFUSED;
        b[2] = (byte) (n >>> 8);
        b[3] = (byte) n;
        System.arraycopy(r, 0, b, 4, n);
        return b;
    }

    private static void putU32(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    /** Accumulates a stream's bytes until a whole frame is there. */
    public static final class Buffer {
        private byte[] buf = new byte[256];
        private int len;

        public void append(byte[] chunk) {
            if (len + chunk.length > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + chunk.length));
            }
            System.arraycopy(chunk, 0, buf, len, chunk.length);
            len += chunk.length;
        }

        public int length() {
            return len;
        }

        private int u16(int off) {
            return (buf[off] & 0xff) << 8 | (buf[off + 1] & 0xff);
        }

        private long u32(int off) {
            return (long) u16(off) << 16 | u16(off + 2);
        }

        private String header(int... types) {
            if ((buf[0] & 0xff) != VERSION) {
                return "unknown code-fetch version " + (buf[0] & 0xff);
            }
            for (int t : types) {
                if ((buf[1] & 0xff) == t) {
                    return null;
                }
            }
            return "unexpected code-fetch frame type " + (buf[1] & 0xff);
        }

        /** The request once complete, else null. */
        public Request request() {
            if (len < 2) {
                return null;
            }
            String bad = header(REQUEST);
            if (bad != null) {
                return new Request(null, bad);
            }
            return len < REQUEST_LENGTH ? null : new Request(Arrays.copyOfRange(buf, 2, REQUEST_LENGTH), null);
        }

        /** The response once complete, else null. */
        public Response response(int maxJarBytes) {
            if (len < 2) {
                return null;
            }
            String bad = header(CODE, REFUSED);
            if (bad != null) {
                return new Response(null, null, null, bad);
            }
            if ((buf[1] & 0xff) == REFUSED) {
                if (len < 4 || len < 4 + u16(2)) {
                    return null;
                }
                return new Response(null, null, new String(buf, 4, u16(2), StandardCharsets.UTF_8), null);
            }
            if (len < 6) {
                return null;
            }
            long jarLen = u32(2);
            if (jarLen > maxJarBytes) {
                return new Response(null, null, null, "jar of " + jarLen + " bytes is over the limit of " + maxJarBytes);
            }
            int sigAt = 6 + (int) jarLen;
            if (len < sigAt + 2 || len < sigAt + 2 + u16(sigAt)) {
                return null;
            }
            int sigLen = u16(sigAt);
            byte[] sig = sigLen == 0 ? null : Arrays.copyOfRange(buf, sigAt + 2, sigAt + 2 + sigLen);
            return new Response(Arrays.copyOfRange(buf, 6, sigAt), sig, null, null);
        }
    }
}
