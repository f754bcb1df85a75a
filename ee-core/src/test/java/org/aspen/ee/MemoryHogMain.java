package org.aspen.ee;

import java.util.Map;

/**
 * Run by {@link MemoryQuotaTest} in a JVM of its own with a small heap: the memory hog on b of a
 * simulated line a - b - c, N packets from a to c (args: N, and optionally the hog's {@code aa.memory});
 * prints {@code result stopped=REASON received=N}.
 */
public final class MemoryHogMain {
    private MemoryHogMain() {
    }

    public static void main(String[] args) {
        int packets = Integer.parseInt(args[0]);
        SimLab lab = new SimLab();
        AaInstance hog = lab.start("b", TestAas.hog(), args.length > 1 ? Map.of("aa.memory", args[1]) : Map.of());
        for (int i = 0; i < packets; i++) {
            String payload = "m" + i;
            lab.net.at(i * 1_000_000L, "a", () -> SimLab.sendRaw(lab.a, SimLab.C, payload));
        }
        lab.run(1_000_000_000L);
        System.out.println("result stopped=" + hog.stopReason() + " received=" + lab.raw("c"));
    }
}
