package org.aspen.ee;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import org.aspen.ee.fetch.CodeFetchCodec;
import org.junit.jupiter.api.Test;

class CodeFetchCodecTest {
    private static CodeFetchCodec.Buffer fedInPieces(byte[] frame, int piece) {
        CodeFetchCodec.Buffer b = new CodeFetchCodec.Buffer();
        for (int off = 0; off < frame.length; off += piece) {
            b.append(Arrays.copyOfRange(frame, off, Math.min(frame.length, off + piece)));
        }
        return b;
    }

    @Test
    void requestAndCodeSurviveAnyChunking() {
        byte[] digest = AaCode.sha256(new byte[] {7});
        byte[] jar = new byte[5000];
        Arrays.fill(jar, (byte) 3);
        byte[] sig = new byte[64];
        for (int piece : new int[] {1, 7, 1000, 100_000}) {
            assertArrayEquals(digest, fedInPieces(CodeFetchCodec.request(digest), piece).request().digest());
            CodeFetchCodec.Response r = fedInPieces(CodeFetchCodec.code(jar, sig), piece).response(1 << 20);
            assertArrayEquals(jar, r.jar());
            assertArrayEquals(sig, r.signature());
        }
        assertNull(fedInPieces(CodeFetchCodec.code(jar, null), 1).response(1 << 20).signature());
    }

    @Test
    void incompleteFramesWaitAndBadOnesSayWhy() {
        byte[] code = CodeFetchCodec.code(new byte[100], null);
        assertNull(fedInPieces(Arrays.copyOf(code, 50), 10).response(1 << 20));
        assertEquals("jar of 100 bytes is over the limit of 99", fedInPieces(code, 10).response(99).malformed());
        assertEquals("unknown code-fetch version 9", fedInPieces(new byte[] {9, 1}, 1).request().malformed());
        assertEquals("unexpected code-fetch frame type 1", fedInPieces(CodeFetchCodec.request(new byte[32]), 40).response(10).malformed());
        assertEquals("no such code", fedInPieces(CodeFetchCodec.refused("no such code"), 3).response(10).refusal());
    }
}
