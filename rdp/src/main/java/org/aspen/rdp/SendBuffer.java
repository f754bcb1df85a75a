package org.aspen.rdp;

import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * The sender's segments: those queued but not yet sent, and those outstanding (sent, not
 * cumulatively acknowledged) in a ring indexed by sequence number, with their send time, number of
 * transmissions and whether an EACK covered them.
 *
 * <pre>{@code
 * SendBuffer b = new SendBuffer(512);
 * b.offer(bytes);                          // false when the queue is full
 * int seq = b.sendNext(now);               // moves the next queued segment into the ring
 * b.ackThrough(ack);                       // drops everything up to ack
 * }</pre>
 *
 * Arrays grow on demand, so an idle connection costs a few hundred bytes.
 */
final class SendBuffer {
    private final int queueLimit;
    private final ArrayDeque<byte[]> queued = new ArrayDeque<>();
    private byte[][] data = new byte[4][];
    private long[] sentAt = new long[4];
    private int[] transmissions = new int[4];
    private boolean[] eacked = new boolean[4];
    /** Modern recovery's scoreboard: deemed lost (RACK, RFC 6675), and a retransmission of it in flight. */
    private boolean[] lost = new boolean[4];
    private boolean[] rtxOut = new boolean[4];
    private int lostCount;
    private int rtxOutCount;
    /** Deemed lost and not resent since. */
    private int awaitingCount;
    private int base;
    private int count;
    private int queuedBytes;
    private int eackedCount;
    /** Gets each segment's array once it is acknowledged (null: the arrays are left to the collector). */
    private Consumer<byte[]> released;

    SendBuffer(int queueLimit) {
        this.queueLimit = queueLimit;
    }

    /**
     * Hands each acknowledged segment's array to {@code r}, after the buffer has dropped its own
     * reference: the array is the caller's again (an encoded packet copies the data, so no frame
     * shares it).
     */
    void releaseTo(Consumer<byte[]> r) {
        released = r;
    }

    /** Sets the sequence number the first segment will get. */
    void start(int firstSeq) {
        base = firstSeq;
    }

    boolean offer(byte[] segmentData) {
        if (queued.size() >= queueLimit) {
            return false;
        }
        queued.add(segmentData);
        queuedBytes += segmentData.length;
        return true;
    }

    boolean hasQueued() {
        return !queued.isEmpty();
    }

    int queuedSegments() {
        return queued.size();
    }

    boolean queueFull() {
        return queued.size() >= queueLimit;
    }

    /** Outstanding segments (sent, not cumulatively acknowledged). */
    int outstanding() {
        return count;
    }

    /** Next sequence number a new segment gets. */
    int nextSeq() {
        return base + count;
    }

    boolean isEmpty() {
        return count == 0 && queued.isEmpty();
    }

    /** Moves the next queued segment into the ring, marking it sent at {@code now}; returns its sequence number. */
    int sendNext(long now) {
        byte[] d = queued.poll();
        queuedBytes -= d.length;
        if (count == data.length) {
            grow();
        }
        int seq = base + count;
        int i = index(seq);
        data[i] = d;
        sentAt[i] = now;
        transmissions[i] = 1;
        eacked[i] = false;
        lost[i] = false;
        rtxOut[i] = false;
        count++;
        return seq;
    }

    boolean contains(int seq) {
        int off = seq - base;
        return off >= 0 && off < count;
    }

    byte[] data(int seq) {
        return data[index(seq)];
    }

    long sentAt(int seq) {
        return sentAt[index(seq)];
    }

    int transmissions(int seq) {
        return transmissions[index(seq)];
    }

    boolean eacked(int seq) {
        return eacked[index(seq)];
    }

    /** Marks an out-of-order acknowledgement; returns true when it was new. */
    boolean eack(int seq) {
        if (!contains(seq) || eacked[index(seq)]) {
            return false;
        }
        eacked[index(seq)] = true;
        eackedCount++;
        clearScore(index(seq));
        return true;
    }

    private void clearScore(int i) {
        if (lost[i] && !rtxOut[i]) {
            awaitingCount--;
        }
        if (lost[i]) {
            lost[i] = false;
            lostCount--;
        }
        if (rtxOut[i]) {
            rtxOut[i] = false;
            rtxOutCount--;
        }
    }

    /** Modern recovery: the segment is deemed lost; a retransmission of it in flight is lost too. */
    void markLost(int seq) {
        int i = index(seq);
        if (!lost[i] || rtxOut[i]) {
            awaitingCount++;
        }
        if (!lost[i]) {
            lost[i] = true;
            lostCount++;
        }
        if (rtxOut[i]) {
            rtxOut[i] = false;
            rtxOutCount--;
        }
    }

    boolean lost(int seq) {
        return lost[index(seq)];
    }

    /** Deemed lost and not resent since: what modern recovery resends first (RFC 6675 NextSeg rule 1). */
    boolean awaitingRetransmission(int seq) {
        int i = index(seq);
        return lost[i] && !rtxOut[i];
    }

    /** A retransmission of this segment left and has not been acknowledged or deemed lost. */
    boolean retransmissionInFlight(int seq) {
        return rtxOut[index(seq)];
    }

    int lostCount() {
        return lostCount;
    }

    /** Segments deemed lost and not resent since. */
    int awaitingRetransmissions() {
        return awaitingCount;
    }

    int retransmissionsInFlight() {
        return rtxOutCount;
    }

    /**
     * RFC 6675's pipe, in segments: outstanding ones neither EACKed nor deemed lost, plus the
     * retransmissions in flight.
     */
    int pipe() {
        return count - eackedCount - lostCount + rtxOutCount;
    }

    /** Outstanding segments the receiver reported holding out of order. */
    int eackedCount() {
        return eackedCount;
    }

    void retransmitted(int seq, long now) {
        int i = index(seq);
        sentAt[i] = now;
        transmissions[i]++;
        if (!rtxOut[i]) {
            if (lost[i]) {
                awaitingCount--;
            }
            rtxOut[i] = true;
            rtxOutCount++;
        }
    }

    /** Removes every outstanding segment up to and including {@code ack}; returns how many and their bytes via {@code bytes[0]}. */
    int ackThrough(int ack, long[] bytes) {
        int n = 0;
        while (count > 0 && ConnectionState.seqLe(base, ack)) {
            int i = index(base);
            byte[] d = data[i];
            bytes[0] += d.length;
            data[i] = null;
            if (eacked[i]) {
                eackedCount--;
            }
            clearScore(i);
            base++;
            count--;
            n++;
            if (released != null) {
                released.accept(d);
            }
        }
        return n;
    }

    private int index(int seq) {
        return seq & (data.length - 1);
    }

    private void grow() {
        int n = data.length * 2;
        byte[][] d = new byte[n][];
        long[] s = new long[n];
        int[] t = new int[n];
        boolean[] e = new boolean[n];
        boolean[] l = new boolean[n];
        boolean[] r = new boolean[n];
        for (int k = 0; k < count; k++) {
            int i = index(base + k);
            int j = (base + k) & (n - 1);
            d[j] = data[i];
            s[j] = sentAt[i];
            t[j] = transmissions[i];
            e[j] = eacked[i];
            l[j] = lost[i];
            r[j] = rtxOut[i];
        }
        data = d;
        sentAt = s;
        transmissions = t;
        eacked = e;
        lost = l;
        rtxOut = r;
    }
}
