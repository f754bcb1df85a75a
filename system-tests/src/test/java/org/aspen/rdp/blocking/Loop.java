package org.aspen.rdp.blocking;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.aspen.vnet.time.Scheduler;

/** Hops from a program thread onto a node's loop and waits there for the answer; refuses to run on the loop itself. */
final class Loop {
    private Loop() {
    }

    static void refuseOnLoop(Scheduler s) {
        if (s.inLoop()) {
            throw new IllegalStateException("blocking RDP call on the node's event loop (use the non-blocking RdpStack API there)");
        }
    }

    /** Runs {@code task} on the loop and returns its value. */
    static <T> T call(Scheduler s, Supplier<T> task) throws IOException {
        refuseOnLoop(s);
        CompletableFuture<T> f = new CompletableFuture<>();
        s.execute(() -> {
            try {
                f.complete(task.get());
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        });
        return await(f, null);
    }

    /** Waits for {@code f} (completed on the loop); null timeout waits for ever. */
    static <T> T await(CompletableFuture<T> f, Duration timeout) throws IOException {
        try {
            return timeout == null ? f.get() : f.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for RDP");
        } catch (TimeoutException e) {
            throw new IOException("RDP operation timed out after " + timeout);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r && !(c instanceof org.aspen.rdp.RdpException)) {
                throw r;
            }
            throw new IOException(c.getMessage(), c);
        }
    }
}
