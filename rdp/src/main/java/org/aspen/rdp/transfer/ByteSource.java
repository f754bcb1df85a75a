package org.aspen.rdp.transfer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

/**
 * Bytes to send, pulled on the node's loop: implementations must answer without waiting long
 * (memory, a seeded generator, a local file).
 *
 * <pre>{@code
 * ByteSource s = ByteSource.seeded(42, 8 << 20);     // 8 MiB of reproducible bytes
 * ByteSource f = ByteSource.of(Files.newInputStream(path), Files.size(path));
 * }</pre>
 */
public interface ByteSource {
    /** Fills {@code buf} from the start; returns the count, or -1 at the end. */
    int read(byte[] buf);

    /** Total size if known, else -1. */
    long size();

    static ByteSource of(byte[] data) {
        return new ByteSource() {
            private int pos;

            @Override
            public int read(byte[] buf) {
                if (pos >= data.length) {
                    return -1;
                }
                int n = Math.min(buf.length, data.length - pos);
                System.arraycopy(data, pos, buf, 0, n);
                pos += n;
                return n;
            }

            @Override
            public long size() {
                return data.length;
            }
        };
    }

    /** Reproducible pseudo-random bytes: the same seed and size give the same bytes. */
    static ByteSource seeded(long seed, long size) {
        return new ByteSource() {
            /** Stores a long into a byte array lowest byte first: one store instead of eight. */
            private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class,
                    ByteOrder.LITTLE_ENDIAN);
            private final SplittableRandom r = new SplittableRandom(seed);
            private long left = size;

            @Override
            public int read(byte[] buf) {
                if (left <= 0) {
                    return -1;
                }
                int n = (int) Math.min(buf.length, left);
                int i = 0;
                for (; i + 8 <= n; i += 8) {
                    LONG_LE.set(buf, i, r.nextLong());   // the long's bytes lowest first, eight at a time
                }
                for (; i < n; i++) {
                    buf[i] = (byte) r.nextInt();
                }
                left -= n;
                return n;
            }

            @Override
            public long size() {
                return size;
            }
        };
    }

    /** A stream (e.g. a file); read errors surface as {@link UncheckedIOException} to the transfer, which aborts. */
    static ByteSource of(InputStream in, long size) {
        return new ByteSource() {
            @Override
            public int read(byte[] buf) {
                try {
                    int n = in.readNBytes(buf, 0, buf.length);
                    return n == 0 && buf.length > 0 ? -1 : n;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public long size() {
                return size;
            }
        };
    }
}
