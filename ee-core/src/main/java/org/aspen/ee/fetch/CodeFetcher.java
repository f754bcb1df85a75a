package org.aspen.ee.fetch;

import java.util.function.Consumer;
import org.aspen.vnet.VAddr;

/**
 * Gets an AA's jar by digest from another node, for on-demand start.
 *
 * <pre>{@code
 * fetcher.fetch(source, digest, r -> { if (r.ok()) start(r.jar()); else log(r.error()); });
 * }</pre>
 *
 * The callback runs on the node's loop, exactly once. The EE verifies the digest and the trust
 * policy itself; a fetcher only moves bytes.
 */
@FunctionalInterface
public interface CodeFetcher {
    void fetch(VAddr from, byte[] digest, Consumer<FetchResult> done);

    /**
     * The outcome of one fetch.
     *
     * @param jar       the jar bytes, or null on failure
     * @param signature detached Ed25519 signature over the digest the server holds, or null
     * @param error     why it failed (a refusal by the server, a broken stream, a timeout), or null
     */
    record FetchResult(byte[] jar, byte[] signature, String error) {
        public static FetchResult ok(byte[] jar, byte[] signature) {
            return new FetchResult(jar, signature, null);
        }

        public static FetchResult failed(String error) {
            return new FetchResult(null, null, error);
        }

        public boolean ok() {
            return error == null;
        }
    }
}
