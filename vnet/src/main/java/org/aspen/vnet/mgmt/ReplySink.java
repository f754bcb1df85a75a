package org.aspen.vnet.mgmt;

/**
 * Where a {@link CommandHandler} writes its answer. Every line carries the request's id; the last
 * one carries {@code "done":true}. After {@code done} or {@code error}, further calls are ignored.
 * Safe to call from any thread (lines are serialised right away and written on the node's loop).
 *
 * <pre>{@code
 * reply.next(Map.of("seq", 1, "rttMs", 0.21));   // {"id":7,"data":{"seq":1,"rttMs":0.21}}
 * reply.done(Map.of("sent", 1, "received", 1));  // {"id":7,"data":{...},"done":true}
 * }</pre>
 */
public interface ReplySink {
    /** A streamed result line. {@code data} is anything Jackson serialises (maps, lists, records). */
    void next(Object data);

    /** The final line; {@code data} may be null (then the line has no {@code data} field). */
    void done(Object data);

    default void done() {
        done(null);
    }

    /** The final line as an error: {@code {"id":..,"error":"message","done":true}}; newlines are flattened. */
    void error(String message);

    /** False once the request finished or the client went away (a streaming command should stop). */
    boolean isOpen();

    /** Runs {@code r} on the node's loop if the client disconnects before the request finished. */
    void onClose(Runnable r);

    /**
     * Bytes of lines sent and not yet written to the client's connection: a client that reads slower
     * than a streaming command produces makes this grow, and such a command should produce less
     * (it is held in the node's memory). 0 where nothing is buffered.
     */
    default long unsentBytes() {
        return 0;
    }
}
