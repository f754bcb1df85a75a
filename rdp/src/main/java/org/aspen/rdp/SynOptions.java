package org.aspen.rdp;

/**
 * The SYN segment's options (RFC 908 section 3.2.2, plus Aspen's capability bits).
 *
 * <pre>{@code
 * new SynOptions(32, 1400, true, true)
 * }</pre>
 *
 * @param maxOutstanding largest number of unacknowledged segments the sender of the SYN will buffer
 * @param maxSegment     largest data length (bytes) the sender of the SYN will accept
 * @param sequenced      sequenced delivery mode (SDM): deliver in sequence order
 * @param ecn            the sender of the SYN can react to ECN echoes
 * @param aecn           the sender of the SYN speaks AntiECN (marks its data, echoes the peer's marks;
 *                       see {@code docs/aecn.md})
 * @param acns           the sender of the SYN speaks ACNS (echoes router commands, reacts to them;
 *                       see {@code docs/acns.md})
 */
public record SynOptions(int maxOutstanding, int maxSegment, boolean sequenced, boolean ecn, boolean aecn,
                         boolean acns) {
    public static final int OPT_SEQUENCED = 0x01;
    public static final int OPT_ECN = 0x02;
    public static final int OPT_AECN = 0x04;
    public static final int OPT_ACNS = 0x08;

    public SynOptions(int maxOutstanding, int maxSegment, boolean sequenced, boolean ecn) {
        this(maxOutstanding, maxSegment, sequenced, ecn, false, false);
    }

    public SynOptions(int maxOutstanding, int maxSegment, boolean sequenced, boolean ecn, boolean aecn) {
        this(maxOutstanding, maxSegment, sequenced, ecn, aecn, false);
    }

    /** The same options, offering ACNS or not. */
    public SynOptions withAcns(boolean v) {
        return new SynOptions(maxOutstanding, maxSegment, sequenced, ecn, aecn, v);
    }

    public SynOptions {
        if (maxOutstanding < 1 || maxOutstanding > 0xffff) {
            throw new IllegalArgumentException("max outstanding must be 1-65535: " + maxOutstanding);
        }
        if (maxSegment < 1 || maxSegment > 0xffff) {
            throw new IllegalArgumentException("max segment size must be 1-65535: " + maxSegment);
        }
    }

    int bits() {
        return (sequenced ? OPT_SEQUENCED : 0) | (ecn ? OPT_ECN : 0) | (aecn ? OPT_AECN : 0) | (acns ? OPT_ACNS : 0);
    }
}
