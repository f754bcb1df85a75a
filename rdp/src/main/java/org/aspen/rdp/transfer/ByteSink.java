package org.aspen.rdp.transfer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * Where received bytes go, on the node's loop (memory, a digest only, a local file).
 *
 * <pre>{@code
 * ByteSink sink = ByteSink.discard();            // keep only the digest the receiver computes
 * ByteSink file = ByteSink.of(Files.newOutputStream(out));
 * }</pre>
 */
public interface ByteSink {
    void write(byte[] data, int off, int len);

    default void close() {
    }

    static ByteSink discard() {
        return (d, o, l) -> {
        };
    }

    static ByteSink of(OutputStream out) {
        return new ByteSink() {
            @Override
            public void write(byte[] data, int off, int len) {
                try {
                    out.write(data, off, len);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            @Override
            public void close() {
                try {
                    out.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
    }
}
