package org.aspen.rdp;

/**
 * What an ACNS sender counts, whichever transport it is built on: RDP's {@link AcnsReno} or ns-2's
 * Reno with the same rules ({@code org.aspen.rdp.ns2.Ns2AcnsReno}). Experiments read these.
 *
 * <pre>{@code
 * if (connection.congestionControl() instanceof AcnsSender a) {
 *     long freezes = a.received(2);
 * }
 * }</pre>
 */
public interface AcnsSender {
    /** Echoed commands received: {@code omega} 1 normal, 2 freeze, 3 fallback. */
    long received(int omega);

    /** Losses handled with trend command {@code omega} (1 freeze, 2 fallback, 3 decrease). */
    long trends(int omega);

    /** Data segments that asked routers for a command. */
    long requests();

    /** The command in force (1 normal, 2 freeze, 3 fallback). */
    int command();
}
