package org.aspen.ee.fetch;

import org.aspen.ee.ExecutionEnvironment;

/**
 * The usual wiring of code fetch for one node: over RDP, serving the node's code cache to other
 * nodes and fetching code for on-demand starts.
 *
 * <pre>{@code
 * ExecutionEnvironment ee = new ExecutionEnvironment(node, EeConfig.DEFAULT, trust);
 * CodeFetch.overRdp(ee);
 * }</pre>
 */
public final class CodeFetch {
    private CodeFetch() {
    }

    /** Serves and fetches code over RDP port {@link RdpStreamTransport#CODE_FETCH_PORT}; returns the transport. */
    public static RdpStreamTransport overRdp(ExecutionEnvironment ee) {
        return over(ee, new RdpStreamTransport(ee.node()));
    }

    /**
     * As {@link #overRdp(ExecutionEnvironment)}, with the connections' recovery chosen: a real node
     * ({@code aspen node}) uses {@link org.aspen.rdp.Recovery#MODERN}; simulations keep the default.
     */
    public static RdpStreamTransport overRdp(ExecutionEnvironment ee, org.aspen.rdp.Recovery recovery) {
        return over(ee, new RdpStreamTransport(org.aspen.rdp.RdpStack.install(ee.node()),
                RdpStreamTransport.DEFAULT_OPTIONS.withRecovery(recovery)));
    }

    /** Serves and fetches code over {@code transport}. */
    public static <T extends StreamTransport> T over(ExecutionEnvironment ee, T transport) {
        CodeFetchServer.serve(transport, ee.cache(), ee.node().name());
        ee.setCodeFetcher(new StreamCodeFetcher(transport, ee.config().maxJarBytes()));
        return transport;
    }
}
