package org.aspen.vnet.time;

/** Handle of a scheduled task. Cancelling a task that already ran or was cancelled does nothing. */
public interface Cancellable {
    void cancel();

    boolean isCancelled();

    /** A handle for "nothing scheduled", so callers can hold a non-null field. */
    Cancellable NONE = new Cancellable() {
        @Override
        public void cancel() {
        }

        @Override
        public boolean isCancelled() {
            return true;
        }
    };
}
