package org.aspen.rdp.ns2;

/**
 * ns-2.35's ScoreBoard1 ({@code tcp/scoreboard1.cc}, {@code scoreboard1.h}), the scoreboard of
 * Agent/TCP/Linux: blocks of packets in flight, SACKed, deemed lost (FACK: more than
 * {@code dupack_threshold} packets below the highest SACKed one) or retransmitted (one packet each,
 * with {@code snd_nxt} at the time and a retransmission id, so a lost retransmission is detected). It
 * gives the next packet to retransmit and the packets in flight. Packets are ns-2 seqnos; SACK blocks
 * are {@code {left, right}} with right exclusive, as TCPSink/Sack1 sends them.
 *
 * <pre>{@code
 * Ns2ScoreBoard1 sb = new Ns2ScoreBoard1();
 * int flag = sb.update(9, new int[][] {{14, 15}});   // ACK 9, 14 SACKed: 10 marked lost (14 - 4)
 * int next = sb.nextRetran();                         // 10
 * }</pre>
 */
public final class Ns2ScoreBoard1 {
    static final int INFLIGHT = 0;          // scoreboard1.h:59 SKB_FLAG_INFLIGHT
    static final int SACKED = 1;            // scoreboard1.h:60
    static final int LOST = 2;              // scoreboard1.h:61
    static final int RETRANSMITTED = 4;     // scoreboard1.h:62

    /** ScoreBoardNode1 (scoreboard1.h:64-152). */
    private static final class Node {
        int flag;
        int seq;
        /** The right edge (inclusive), or snd_nxt at the retransmission for a RETRANSMITTED node. */
        int nxt;
        int retran;
        Node next;

        Node(int start, int end, int flag) {
            this.seq = start;
            this.nxt = end;
            this.flag = flag;
        }

        int end() {
            return flag == RETRANSMITTED ? seq : nxt;              // scoreboard1.h:75
        }

        int length() {
            return flag == RETRANSMITTED ? 1 : nxt + 1 - seq;      // scoreboard1.h:76
        }

        void setFlag(int f) {
            if (flag == RETRANSMITTED) {                            // scoreboard1.h:79
                nxt = seq;
            }
            flag = f;
        }

        boolean inside(int s) {
            return flag == RETRANSMITTED ? s == seq : s >= seq && s <= nxt;   // scoreboard1.h:82
        }

        /** ShouldClean (scoreboard1.h:84-93): 0 keep, -1 delete all, n > 0 delete the first n. */
        int shouldClean(int ackseq) {
            if (ackseq < seq) {
                return 0;
            } else if (flag == RETRANSMITTED || ackseq >= nxt) {
                return -1;
            }
            return ackseq + 1 - seq;
        }

        boolean mergable() {                                        // scoreboard1.h:97
            return next != null && next.flag != RETRANSMITTED && next.flag == flag;
        }

        void merge() {                                              // scoreboard1.h:100-107
            Node n = next;
            nxt = n.nxt;
            next = n.next;
        }

        Node split(int s) {                                         // scoreboard1.h:113-122
            Node n = new Node(s, nxt, flag);
            n.next = next;
            next = n;
            nxt = s - 1;
            return n;
        }

        void markRetran(int sndNxt, int rtxId) {                   // scoreboard1.h:124-132
            if (nxt > seq) {
                split(seq + 1);
            }
            flag = RETRANSMITTED;
            nxt = sndNxt;
            retran = rtxId;
        }
    }

    private Node head;
    private Node nxtToRetrx;
    private int ackedRtxId;
    private int rtxId;
    private int fack;
    private int fackOut;
    private int sackOut;

    public Ns2ScoreBoard1() {
        clear();
    }

    public boolean isEmpty() {
        return head == null;
    }

    /** ClearScoreBoard (scoreboard1.cc:275-288). */
    public void clear() {
        rtxId = 0;
        ackedRtxId = -1;
        fackOut = 0;
        sackOut = 0;
        fack = 0;
        nxtToRetrx = null;
        head = null;
    }

    /** CleanRtxQueue (scoreboard1.cc:60-97): drops what {@code lastAck} covers. */
    private boolean cleanRtxQueue(int lastAck, int[] flag) {
        boolean changedAckedRtx = false;
        int cmp;
        while (head != null && (cmp = head.shouldClean(lastAck)) != 0) {
            int pktNum = cmp < 0 ? head.length() : cmp;
            if (head.flag == SACKED) {
                sackOut -= pktNum;
            } else if (head.flag == LOST) {
                fackOut -= pktNum;
            }
            if (cmp < 0) {
                Node tmp = head;
                head = head.next;
                if (tmp.flag == RETRANSMITTED) {
                    if (tmp.retran > ackedRtxId) {
                        changedAckedRtx = true;
                        ackedRtxId = tmp.retran;
                    }
                    flag[0] |= Ns2LinuxCubic.FLAG_UNSURE_TSTAMP;
                }
                if (tmp == nxtToRetrx) {
                    nxtToRetrx = head;
                }
            } else {
                head.seq = lastAck + 1;
                break;
            }
        }
        return changedAckedRtx;
    }

    /**
     * UpdateScoreBoard (scoreboard1.cc:99-252) with dupack_threshold 3: the ACK's cumulative
     * {@code lastAck} and SACK blocks; returns FLAG_DATA_SACKED, FLAG_DATA_LOST, FLAG_UNSURE_TSTAMP bits.
     */
    public int update(int lastAck, int[][] sacks) {
        return update(lastAck, sacks, 3);
    }

    int update(int lastAck, int[][] sacks, int dupackThreshold) {
        int[] flag = {0};
        boolean thorough = cleanRtxQueue(lastAck, flag);
        if (head == null) {                                         // scoreboard1.cc:118-122
            clear();
            thorough = false;
        }
        if (!thorough && sacks.length == 0) {                       // scoreboard1.cc:124
            return flag[0];
        }
        // D-SACK filter and insertion sort by left edge (scoreboard1.cc:128-145)
        int n = 0;
        int[] left = new int[sacks.length];
        int[] right = new int[sacks.length];
        for (int[] s : sacks) {
            if (s[0] >= lastAck) {
                int j = n++;
                while (j > 0 && left[j - 1] > s[0]) {
                    left[j] = left[j - 1];
                    right[j] = right[j - 1];
                    j--;
                }
                left[j] = s[0];
                right[j] = s[1];
            }
        }
        if (!thorough && n == 0) {                                  // scoreboard1.cc:146
            return flag[0];
        }
        if (n > 0 && fack < right[n - 1] - 1) {                    // scoreboard1.cc:148-152
            fack = right[n - 1] - 1;
            thorough = true;
        }
        if (head == null) {                                         // scoreboard1.cc:155-159
            head = new Node(lastAck + 1, fack, INFLIGHT);
        }
        nxtToRetrx = null;                                          // scoreboard1.cc:162
        int lostSeqThreshold = fack - (dupackThreshold + 1);        // scoreboard1.cc:166
        Node now = head;
        Node prev = null;
        int si = 0;
        while (now != null && (si < n || thorough)) {               // scoreboard1.cc:170
            if (now.flag != SACKED) {
                while (si < n && right[si] <= now.seq) {            // scoreboard1.cc:172-173
                    si++;
                }
                if (si < n && left[si] <= now.end()) {              // scoreboard1.cc:175-178
                    if (left[si] > now.seq) {
                        now.split(left[si]);                        // scoreboard1.cc:179-182
                    } else {
                        if (right[si] <= now.end()) {               // scoreboard1.cc:184-189
                            now.split(right[si]);
                        }
                        int pktnum = now.length();
                        if (now.flag == LOST) {                     // scoreboard1.cc:190-199
                            fackOut -= pktnum;
                        } else if (now.flag == RETRANSMITTED) {
                            ackedRtxId = now.retran;
                            flag[0] |= Ns2LinuxCubic.FLAG_UNSURE_TSTAMP;
                            thorough = true;
                        }
                        sackOut += pktnum;                          // scoreboard1.cc:200-202
                        flag[0] |= Ns2LinuxCubic.FLAG_DATA_SACKED;
                        now.setFlag(SACKED);
                    }
                }
                if (si >= n || left[si] > now.end()) {              // scoreboard1.cc:206
                    if (now.flag == RETRANSMITTED) {                // scoreboard1.cc:210-219: lost again?
                        if (now.nxt <= fack || now.retran + dupackThreshold + 1 < ackedRtxId) {
                            now.setFlag(LOST);
                            fackOut++;
                            flag[0] |= Ns2LinuxCubic.FLAG_DATA_LOST;
                            if (nxtToRetrx == null) {
                                nxtToRetrx = now;
                            }
                        }
                    } else if (now.flag == INFLIGHT) {              // scoreboard1.cc:220-233
                        if (now.seq <= lostSeqThreshold) {
                            if (lostSeqThreshold < now.end()) {
                                now.split(lostSeqThreshold + 1);
                            }
                            now.setFlag(LOST);
                            fackOut += now.length();
                            flag[0] |= Ns2LinuxCubic.FLAG_DATA_LOST;
                            if (nxtToRetrx == null) {
                                nxtToRetrx = now;
                            }
                        }
                    } else if (now.flag == LOST) {                  // scoreboard1.cc:234-236
                        if (nxtToRetrx == null) {
                            nxtToRetrx = now;
                        }
                    }
                }
            }
            if (prev != null && prev.mergable()) {                  // scoreboard1.cc:242-249
                prev.merge();
            } else {
                prev = now;
            }
            if (prev.next == null && prev.end() < fack) {           // scoreboard1.cc:251-255
                prev.next = new Node(prev.end() + 1, fack, INFLIGHT);
            }
            now = prev.next;
        }
        return flag[0];
    }

    /** MarkLoss (scoreboard1.cc:241-273): on a timeout everything not SACKed is lost. */
    public void markLoss(int sndUna, int sndNxt) {
        nxtToRetrx = null;
        Node now = head;
        Node prev = null;
        boolean lastLost = false;
        while (now != null) {
            if ((now.flag & SACKED) == 0) {
                if ((now.flag & LOST) == 0) {
                    fackOut += now.end() - now.seq + 1;
                }
                now.setFlag(LOST);
                if (lastLost) {
                    prev.merge();
                    now = prev;
                } else if (nxtToRetrx == null) {
                    nxtToRetrx = now;
                }
                lastLost = true;
            } else {
                lastLost = false;
            }
            prev = now;
            now = now.next;
            if (now == null && prev.end() + 1 < sndNxt) {          // all sent after it were lost too
                now = new Node(prev.end() + 1, sndNxt - 1, INFLIGHT);
                prev.next = now;
            }
        }
        if (prev == null && sndUna < sndNxt) {                      // the scoreboard was empty
            head = new Node(sndUna, sndNxt - 1, LOST);
            nxtToRetrx = head;
            fackOut += sndNxt - sndUna;
        }
        rtxId = 0;
        ackedRtxId = -1;
    }

    /** GetNextRetran (scoreboard1.cc:294-302): the first packet of the next lost block, -1 none. */
    public int nextRetran() {
        while (nxtToRetrx != null && nxtToRetrx.flag != LOST) {
            nxtToRetrx = nxtToRetrx.next;
        }
        return nxtToRetrx != null ? nxtToRetrx.seq : -1;
    }

    /** MarkRetran (scoreboard1.cc:305-313). */
    public void markRetran(int seq, int sndNxt) {
        if (nxtToRetrx == null || !nxtToRetrx.inside(seq)) {
            throw new IllegalStateException("retransmission of " + seq + " outside the next lost block");
        }
        fackOut--;
        nxtToRetrx.markRetran(sndNxt, rtxId);
        rtxId++;
    }

    /** packets_in_flight (scoreboard1.h:171): snd_nxt - snd_una - fack_out - sack_out. */
    public int packetsInFlight(int sndUna, int sndNxt) {
        return sndNxt - sndUna - fackOut - sackOut;
    }

    public int fackOut() {
        return fackOut;
    }

    public int sackOut() {
        return sackOut;
    }

    public int fack() {
        return fack;
    }
}
