package org.aspen.ee.fetch;

import java.util.function.Consumer;
import org.aspen.vnet.VAddr;

/**
 * The client side of the code-fetch protocol: one stream per fetch, one request, one response.
 *
 * <pre>{@code
 * ee.setCodeFetcher(new StreamCodeFetcher(transport, EeConfig.DEFAULT.maxJarBytes()));
 * }</pre>
 *
 * Timeouts are the EE's (it gives up on an attempt and ignores a late answer).
 */
public final class StreamCodeFetcher implements CodeFetcher {
    private final StreamTransport transport;
    private final int maxJarBytes;

    public StreamCodeFetcher(StreamTransport transport, int maxJarBytes) {
        this.transport = transport;
        this.maxJarBytes = maxJarBytes;
    }

    @Override
    public void fetch(VAddr from, byte[] digest, Consumer<FetchResult> done) {
        ByteStream s = transport.connect(from, new StreamListener() {
            private final CodeFetchCodec.Buffer in = new CodeFetchCodec.Buffer();
            private boolean finished;

            @Override
            public void onData(ByteStream stream, byte[] chunk) {
                if (finished) {
                    return;
                }
                in.append(chunk);
                CodeFetchCodec.Response r = in.response(maxJarBytes);
                if (r == null) {
                    return;
                }
                finished = true;
                stream.close();
                if (r.jar() != null) {
                    done.accept(FetchResult.ok(r.jar(), r.signature()));
                } else {
                    done.accept(FetchResult.failed(r.refusal() != null ? "refused: " + r.refusal() : "malformed answer: " + r.malformed()));
                }
            }

            @Override
            public void onClosed(ByteStream stream, String error) {
                if (!finished) {
                    finished = true;
                    done.accept(FetchResult.failed(error != null ? "stream broke: " + error : "stream closed before a complete answer"));
                }
            }
        });
        s.write(CodeFetchCodec.request(digest));
    }
}
