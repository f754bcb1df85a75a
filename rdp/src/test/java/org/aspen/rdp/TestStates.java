package org.aspen.rdp;

/** Connection states for scripted congestion-control tests: window 2, ssthresh 64, nothing sent yet. */
final class TestStates {
    private TestStates() {
    }

    static ConnectionState fresh(ConnectionStats stats) {
        ConnectionState s = new ConnectionState(2, 64, stats, new RttEstimator(1_000_000_000L, 200_000_000L, 60_000_000_000L));
        s.setSndUna(1);
        s.setSndNxt(1);
        s.setRecover(0);
        return s;
    }
}
