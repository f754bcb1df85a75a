package org.aspen.vnet.udp;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.aspen.vnet.time.Cancellable;
import org.aspen.vnet.time.Clock;
import org.aspen.vnet.time.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's {@link Scheduler} in the real runtime: one Netty event loop plus the runtime's shared
 * {@link WallClock}.
 *
 * <pre>{@code
 * Scheduler s = new NettyScheduler(group.next(), clock, "a");
 * Cancellable hello = s.schedule(250_000_000L, this::sendHello);
 * }</pre>
 *
 * A task that throws is logged with the node's name and does not disturb the loop or later tasks.
 */
public final class NettyScheduler implements Scheduler {
    private static final Logger log = LoggerFactory.getLogger(NettyScheduler.class);

    private final EventLoop loop;
    private final Clock clock;
    private final String owner;

    public NettyScheduler(EventLoop loop, Clock clock, String owner) {
        this.loop = loop;
        this.clock = clock;
        this.owner = owner;
    }

    public EventLoop loop() {
        return loop;
    }

    @Override
    public long nanos() {
        return clock.nanos();
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        if (delayNanos <= 0) {
            Immediate t = new Immediate(task);
            loop.execute(t);
            return t;
        }
        ScheduledFuture<?> f = loop.schedule(() -> runSafely(task), delayNanos, TimeUnit.NANOSECONDS);
        return new Cancellable() {
            @Override
            public void cancel() {
                f.cancel(false);
            }

            @Override
            public boolean isCancelled() {
                return f.isCancelled();
            }
        };
    }

    @Override
    public void execute(Runnable task) {
        loop.execute(() -> runSafely(task));
    }

    @Override
    public boolean inLoop() {
        return loop.inEventLoop();
    }

    void runSafely(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            log.warn("{}: task failed: {}", owner, e.toString(), e);
        }
    }

    /** A task for "as soon as possible" that can still be cancelled before it runs. */
    private final class Immediate implements Runnable, Cancellable {
        private final Runnable task;
        private volatile boolean cancelled;

        Immediate(Runnable task) {
            this.task = task;
        }

        @Override
        public void run() {
            if (!cancelled) {
                runSafely(task);
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
        }

        @Override
        public boolean isCancelled() {
            return cancelled;
        }
    }
}
