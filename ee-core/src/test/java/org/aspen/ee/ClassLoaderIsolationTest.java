package org.aspen.ee;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Map;
import org.aspen.ee.api.Match;
import org.junit.jupiter.api.Test;

class ClassLoaderIsolationTest {
    private static final String CLASSES = String.join(",", "io.netty.buffer.ByteBuf", "org.aspen.vnet.node.Node",
            "org.aspen.ee.ExecutionEnvironment", "org.slf4j.Logger", "t.Secret", "t.Diverter",
            "java.util.ArrayList", "java.sql.Timestamp", "org.aspen.ee.api.Match");

    @Test
    void aaSeesOnlyItsJarTheApiAndTheJdk() throws Exception {
        // the test's own class path has all of these, so "missing" below is the AA loader's doing
        assertNotNull(Class.forName("io.netty.buffer.ByteBuf"));
        assertNotNull(Class.forName("org.slf4j.Logger"));
        SimLab lab = new SimLab();
        lab.ee("b").skipAllowListForTests();   // the probe loads classes by name: beneath the allow-list, the loader
        lab.start("b", TestJars.jar("diverter", "1", "t.Diverter", TestAas.DIVERTER), Map.of());
        AaInstance probe = lab.start("b", TestJars.jar("probe", "1", "t.Probe", TestAas.PROBE), Map.of("classes", CLASSES));
        String seen = probe.app().toString();
        assertEquals("io.netty.buffer.ByteBuf=missing;org.aspen.vnet.node.Node=missing;"
                + "org.aspen.ee.ExecutionEnvironment=missing;org.slf4j.Logger=missing;t.Secret=ok;t.Diverter=missing;"
                + "java.util.ArrayList=ok;java.sql.Timestamp=ok;org.aspen.ee.api.Match=ok;", seen);
    }

    @Test
    void aaSeesRdpsSegmentCodecClassesButNoOtherRdpClass() throws Exception {
        SimLab lab = new SimLab();
        lab.ee("b").skipAllowListForTests();
        AaInstance probe = lab.start("b", TestJars.jar("probe", "1", "t.Probe", TestAas.PROBE), Map.of("classes",
                "org.aspen.rdp.SegmentCodec,org.aspen.rdp.SenderState,org.aspen.rdp.RdpStack,org.aspen.rdp.RdpPackets"));
        assertEquals("org.aspen.rdp.SegmentCodec=ok;org.aspen.rdp.SenderState=ok;org.aspen.rdp.RdpStack=missing;"
                + "org.aspen.rdp.RdpPackets=missing;", probe.app().toString());
        assertSame(org.aspen.rdp.SegmentCodec.class, probe.app().getClass().getClassLoader().loadClass("org.aspen.rdp.SegmentCodec"));
    }

    @Test
    void eachInstanceHasItsOwnLoaderButSharesTheApiTypes() throws Exception {
        SimLab lab = new SimLab();
        AaInstance one = lab.start("b", TestAas.echo("echo", "1"), Map.of());
        AaInstance two = lab.start("c", TestAas.echo("echo", "1"), Map.of());
        Class<?> c1 = one.app().getClass();
        Class<?> c2 = two.app().getClass();
        assertEquals(c1.getName(), c2.getName());
        assertNotSame(c1, c2);
        assertEquals("aa:echo@1", c1.getClassLoader().getName());
        assertSame(Match.class, c1.getClassLoader().loadClass("org.aspen.ee.api.Match"));
    }
}
