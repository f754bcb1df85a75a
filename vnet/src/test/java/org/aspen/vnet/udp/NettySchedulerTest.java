package org.aspen.vnet.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.aspen.vnet.time.Cancellable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class NettySchedulerTest {
    final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, Transports.ioHandlerFactory(Transports.useEpoll(false)));
    final WallClock clock = new WallClock();
    final NettyScheduler s = new NettyScheduler(group.next(), clock, "t");

    @AfterEach
    void shutDown() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void wallClockReadsZeroUntilStartedThenMovesForward() {
        assertEquals(0, clock.nanos());
        assertFalse(clock.started());
        clock.start();
        long a = clock.nanos();
        long b = clock.nanos();
        assertTrue(a >= 0 && b >= a);
    }

    @Test
    void tasksRunOnTheLoopInDeadlineOrderAndCancelledOnesNever() throws Exception {
        clock.start();
        List<String> ran = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        s.execute(() -> {
            assertTrue(s.inLoop());
            long t0 = s.nanos();
            // early is scheduled first: on a busy machine the thread may stall between the two calls,
            // and only this order keeps the deadlines ordered whatever the stall
            s.schedule(10_000_000L, () -> ran.add("early@" + (s.nanos() - t0 >= 10_000_000L)));
            s.schedule(30_000_000L, () -> ran.add("late"));
            Cancellable gone = s.schedule(20_000_000L, () -> ran.add("cancelled"));
            Cancellable now = s.schedule(0, () -> ran.add("cancelled-immediate"));
            gone.cancel();
            now.cancel();
            assertTrue(gone.isCancelled() && now.isCancelled());
            s.schedule(0, () -> {
                throw new IllegalStateException("a failing task must not stop the loop");
            });
            s.schedule(0, () -> ran.add("first"));
            s.schedule(40_000_000L, done::countDown);
        });
        assertFalse(s.inLoop());
        assertTrue(done.await(20, TimeUnit.SECONDS));
        assertEquals(List.of("first", "early@true", "late"), ran);
    }
}
