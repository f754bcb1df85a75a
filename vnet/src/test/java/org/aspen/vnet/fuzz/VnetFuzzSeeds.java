package org.aspen.vnet.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.control.ControlCodec;
import org.aspen.vnet.control.ControlMessage;
import org.aspen.vnet.packet.AaSpec;
import org.aspen.vnet.packet.Ecn;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.packet.Protocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Writes the seed corpus of {@link VnetDecoderFuzzTest} from the codecs' builders. Not part of a
 * normal run: {@code mvn -B test -pl vnet -Dtest=VnetFuzzSeeds -Daspen.fuzz.writeSeeds=true}.
 */
class VnetFuzzSeeds {
    static final Path DIR = Path.of("src/test/resources/org/aspen/vnet/fuzz/VnetDecoderFuzzTestInputs");

    @Test
    @EnabledIfSystemProperty(named = "aspen.fuzz.writeSeeds", matches = "true")
    void write() throws IOException {
        VAddr a = VAddr.of(0x0a000001);
        VAddr b = VAddr.of(0x0a000002);
        byte[] digest = new byte[AaSpec.DIGEST_LENGTH];
        Arrays.fill(digest, (byte) 0x5a);
        byte[] hello = ControlCodec.encode(new ControlMessage.Hello(List.of(a, b)));
        byte[] lsa = ControlCodec.encode(new ControlMessage.Lsa(a, 7, 60_000, List.of(new ControlMessage.Adjacency(b, 10))));
        byte[] ack = ControlCodec.encode(new ControlMessage.LsaAck(a, 7));
        byte[] echo = ControlCodec.encode(new ControlMessage.Echo(false, 3, 1, 123456789L, 8));
        Packet raw = Packet.builder().source(a).destination(b).protocol(Protocol.RAW).payload(new byte[] {1, 2, 3}).build();
        byte[] err = ControlCodec.encodeError(ControlCodec.TTL_EXCEEDED, 0, raw);

        Path frame = DIR.resolve("frame");
        Files.createDirectories(frame);
        write(frame, "raw", 1, raw.frame());
        write(frame, "empty-payload", 1, Packet.builder().source(a).destination(VAddr.BROADCAST).build().frame());
        write(frame, "control-hello", 1, Packet.builder().source(a).destination(b).protocol(Protocol.CONTROL).payload(hello).build().frame());
        write(frame, "aa-spec-ecn", 1, Packet.builder().source(a).destination(b).protocol(Protocol.AA_MESSAGE)
                .ecn(Ecn.CE).aecn(true).acnsCommand(2).priority(63).aecnTtl(5).ttl(1)
                .aaSpec(new AaSpec("acc-filter", "1.0.0", digest)).payload(new byte[] {9, 9}).build().frame());
        byte[] bad = raw.frame().clone();
        bad[Packet.CHECKSUM_OFFSET] ^= 1;
        write(frame, "bad-checksum", 0, bad);
        write(frame, "truncated", 0, Arrays.copyOf(raw.frame(), Packet.HEADER_LENGTH - 1));
        byte[] badLen = raw.frame().clone();
        badLen[Packet.PAYLOAD_LENGTH_OFFSET + 1] = 2;
        write(frame, "bad-length", 1, badLen);
        byte[] badSpec = Packet.builder().aaSpec(new AaSpec("x", "1", digest)).build().frame().clone();
        badSpec[Packet.HEADER_LENGTH] = (byte) 200;
        write(frame, "bad-aa-spec", 1, badSpec);

        Path control = DIR.resolve("control");
        Files.createDirectories(control);
        write(control, "hello", -1, hello);
        write(control, "lsa", -1, lsa);
        write(control, "lsa-ack", -1, ack);
        write(control, "echo", -1, echo);
        write(control, "ttl-exceeded", -1, err);
        byte[] lsaZeroCost = lsa.clone();
        Arrays.fill(lsaZeroCost, lsaZeroCost.length - 4, lsaZeroCost.length, (byte) 0);
        write(control, "lsa-zero-cost", -1, lsaZeroCost);
        write(control, "hello-count-too-big", -1, new byte[] {ControlCodec.HELLO, 0, (byte) 0xff, (byte) 0xff});
        write(control, "unknown-type", -1, new byte[] {(byte) 99, 0, 0, 0});
    }

    /** Writes {@code mode} (a leading byte, none when negative) followed by {@code body}. */
    static void write(Path dir, String name, int mode, byte[] body) throws IOException {
        byte[] out;
        if (mode < 0) {
            out = body;
        } else {
            out = new byte[body.length + 1];
            out[0] = (byte) mode;
            System.arraycopy(body, 0, out, 1, body.length);
        }
        Files.write(dir.resolve(name), out);
    }
}
