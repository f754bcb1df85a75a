package org.aspen.vnet.udp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * For tests over real UDP (vnet's and other modules', from test-support): a network's loops on a
 * thread of their own.
 *
 * <pre>{@code
 * UdpLoops.start(net, TimeUnit.SECONDS.toNanos(120), "real-udp-test", 10);   // returns once the loops run
 * }</pre>
 */
public final class UdpLoops {
    private UdpLoops() {
    }

    /**
     * Runs {@code net}'s loops for at most {@code runNanos} on a daemon thread named {@code name},
     * returning once they run (an assertion fails after {@code timeoutS} seconds otherwise).
     */
    public static Thread start(UdpNetwork net, long runNanos, String name, long timeoutS) throws InterruptedException {
        CountDownLatch running = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            try {
                net.at(0, net.nodes().iterator().next().name(), running::countDown);
                net.run(runNanos);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, name);
        t.setDaemon(true);
        t.start();
        assertTrue(running.await(timeoutS, TimeUnit.SECONDS), "network did not start");
        return t;
    }
}
