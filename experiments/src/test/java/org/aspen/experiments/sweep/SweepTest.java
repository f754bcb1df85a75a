package org.aspen.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner: start order, results back in plan order, parallelism within the experiment's limit, the files and the output. */
class SweepTest {
    /** Squares the planned numbers; starts the largest first; records the order runs started in and the most at once. */
    static class Squares implements Experiment<Integer, Integer, Squares.Summary> {
        record Summary(String experiment, List<Integer> squares, double wallSeconds) {
        }

        final List<Integer> started = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger most = new AtomicInteger();
        private final int limit;
        Outcome<Integer, Summary> written;

        Squares(int limit) {
            this.limit = limit;
        }

        @Override
        public String name() {
            return "squares";
        }

        @Override
        public List<Integer> plan() {
            return List.of(1, 2, 3, 4, 5, 6);
        }

        @Override
        public Comparator<Integer> startOrder() {
            return Comparator.reverseOrder();
        }

        @Override
        public int maxParallel() {
            return limit;
        }

        @Override
        public Integer run(Integer x) throws InterruptedException {
            started.add(x);
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            Thread.sleep(20);
            running.decrementAndGet();
            if (x == 0) {
                throw new IllegalStateException("no square of nothing");
            }
            return x * x;
        }

        @Override
        public Summary summarise(List<Integer> runs, double wallSeconds) {
            return new Summary(name(), runs, Sweep.tenths(wallSeconds));
        }

        @Override
        public void write(Outcome<Integer, Summary> done) throws IOException {
            written = done;
            Files.writeString(done.dir().resolve("squares.txt"), done.runs().toString());
        }

        @Override
        public void print(PrintWriter out, Outcome<Integer, Summary> done) {
            out.println("squares " + done.runs());
        }
    }

    @Test
    void runsStartInTheirOrderAndComeBackInPlanOrder(@TempDir Path dir) throws Exception {
        Squares e = new Squares(1);
        StringWriter out = new StringWriter();
        Squares.Summary s = Sweep.run(e, new Sweep.Options(4, dir.resolve("out"), false), new PrintWriter(out));
        assertEquals(List.of(6, 5, 4, 3, 2, 1), e.started, "one thread: exactly the start order");
        assertEquals(List.of(1, 4, 9, 16, 25, 36), s.squares());
        assertEquals(1, e.most.get(), "maxParallel caps --threads");
        assertSame(s, e.written.summary());
        assertEquals("[1, 4, 9, 16, 25, 36]", Files.readString(dir.resolve("out/squares.txt")));
        assertTrue(Files.readString(dir.resolve("out/summary.json")).startsWith("{\n  \"experiment\" : \"squares\""),
                "summary.json is the summary record, indented");
        assertEquals("squares [1, 4, 9, 16, 25, 36]\n", out.toString());
    }

    @Test
    void jsonPrintsTheSummaryInsteadOfTheTable(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        Sweep.run(new Squares(2), new Sweep.Options(2, dir, true), new PrintWriter(out));
        assertEquals(Files.readString(dir.resolve("summary.json")) + "\n", out.toString());
    }

    @Test
    void aFailedRunFailsTheSweepWithItsOwnException(@TempDir Path dir) {
        Squares zero = new Squares(2) {
            @Override
            public List<Integer> plan() {
                return List.of(1, 0, 2);
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Sweep.run(zero, new Sweep.Options(2, dir, false), new PrintWriter(new StringWriter())));
        assertEquals("no square of nothing", e.getMessage());
    }
}
