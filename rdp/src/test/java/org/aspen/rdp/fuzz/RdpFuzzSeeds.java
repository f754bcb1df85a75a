package org.aspen.rdp.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.aspen.rdp.Segment;
import org.aspen.rdp.SegmentCodec;
import org.aspen.rdp.SenderState;
import org.aspen.rdp.SynOptions;
import org.aspen.rdp.WindowNotification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Writes the seed corpus of {@link RdpSegmentFuzzTest} from the codec's encoder. Not part of a normal
 * run: {@code mvn -B test -pl vnet,rdp -Dtest=RdpFuzzSeeds -Daspen.fuzz.writeSeeds=true
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class RdpFuzzSeeds {
    static final Path DIR = Path.of("src/test/resources/org/aspen/rdp/fuzz/RdpSegmentFuzzTestInputs/segment");

    @Test
    @EnabledIfSystemProperty(named = "aspen.fuzz.writeSeeds", matches = "true")
    void write() throws IOException {
        Files.createDirectories(DIR);
        Segment syn = Segment.control(Segment.SYN, 4000, 80, 1, 0);
        syn.syn = new SynOptions(64, 1200, true, true, true);
        write("syn", SegmentCodec.encode(syn, true));
        Segment data = Segment.data(4000, 80, 2, 9, new byte[] {1, 2, 3, 4, 5});
        data.state = new SenderState(10.5, 32, SenderState.PHASE_AVOIDANCE, 12_000);
        data.aecnEcho = true;
        write("data-state", SegmentCodec.encode(data, true));
        write("data-no-checksum", SegmentCodec.encode(Segment.data(4000, 80, 2, 9, new byte[] {7}), false));
        Segment eak = Segment.control(Segment.ACK | Segment.EAK, 80, 4000, 9, 3);
        eak.eacks = new int[] {5, 6, 8};
        write("eack", SegmentCodec.encode(eak, true));
        Segment ntf = Segment.control(Segment.NTF, 80, 4000, 7, 0);
        ntf.notification = new WindowNotification(7, 4, 8, 2);
        write("ntf", SegmentCodec.encode(ntf, true));
        Segment ntfOnly = Segment.control(Segment.NTF, 80, 4000, 7, 0);
        ntfOnly.notification = new WindowNotification(7, 4, 8, 0, true);
        write("ntf-window-only", SegmentCodec.encode(ntfOnly, true));
        write("rst", SegmentCodec.encode(Segment.control(Segment.RST, 80, 4000, 1, 1), true));
        byte[] bad = SegmentCodec.encode(Segment.data(4000, 80, 2, 9, new byte[] {1}), true);
        bad[bad.length - 1] ^= 1;
        write("bad-checksum", bad);
        byte[] badSyn = SegmentCodec.encode(syn, false);
        Arrays.fill(badSyn, SegmentCodec.FIXED_LENGTH, SegmentCodec.FIXED_LENGTH + 2, (byte) 0);
        write("syn-zero-window", badSyn);
        write("truncated", Arrays.copyOf(SegmentCodec.encode(syn, true), SegmentCodec.FIXED_LENGTH - 1));
    }

    /** Mode byte 1 (fix the checksum when the segment asks for one), then the segment. */
    private static void write(String name, byte[] seg) throws IOException {
        byte[] out = new byte[seg.length + 1];
        out[0] = (byte) (name.startsWith("bad") ? 0 : 1);
        System.arraycopy(seg, 0, out, 1, seg.length);
        Files.write(DIR.resolve(name), out);
    }
}
