package org.aspen.vnet.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.NodeConfig;
import org.aspen.vnet.time.Cancellable;
import org.aspen.vnet.time.Scheduler;
import org.aspen.vnet.time.Seeds;
import org.aspen.vnet.time.SimScheduler;
import org.junit.jupiter.api.Test;

/** Client calls made off the node loop are handed to the loop, as in the real runtime. */
class OffLoopCallTest {
    /** A simulated loop that knows when it is running a task, like a Netty event loop. */
    static final class FlagScheduler implements Scheduler {
        final SimScheduler sim = new SimScheduler();
        boolean inside;

        @Override
        public Cancellable schedule(long delayNanos, Runnable task) {
            return sim.schedule(delayNanos, () -> {
                inside = true;
                try {
                    task.run();
                } finally {
                    inside = false;
                }
            });
        }

        @Override
        public void execute(Runnable task) {
            schedule(0, task);
        }

        @Override
        public boolean inLoop() {
            return inside;
        }

        @Override
        public long nanos() {
            return sim.nanos();
        }
    }

    @Test
    void echoPingAndTraceFromOutsideRunOnTheLoop() {
        FlagScheduler s = new FlagScheduler();
        VAddr self = VAddr.parse("10.0.0.1");
        Node n = new Node("a", self, s, Seeds.stream(1, "node", "a"), NodeConfig.DEFAULT);
        ControlPlane cp = ControlPlane.install(n, false);
        n.start();
        List<String> got = new ArrayList<>();
        cp.echo(self, 64, 64, 1_000_000_000L, r -> got.add("echo " + r.status() + " " + s.inLoop()));
        cp.ping(self, 2, 1_000_000L, 1_000_000_000L, r -> { }, sum -> got.add("ping " + sum.received() + " " + s.inLoop()));
        cp.trace(self, 4, 1_000_000_000L, h -> { }, hops -> got.add("trace " + hops.size() + " " + s.inLoop()));
        assertTrue(got.isEmpty(), "nothing ran on the caller's thread");
        s.sim.runAll();
        assertEquals(List.of("echo REPLY true", "trace 1 true", "ping 2 true"), got);
    }
}
