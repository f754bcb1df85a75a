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

    /** The files of a directory by name, with the summary's wall time masked: what a merge must reproduce. */
    private static java.util.Map<String, String> files(Path dir) throws IOException {
        java.util.Map<String, String> m = new java.util.TreeMap<>();
        try (var in = Files.list(dir)) {
            for (Path f : in.toList()) {
                m.put(f.getFileName().toString(), Files.readString(f).replaceAll("\"wallSeconds\" : [0-9.]+", "\"wallSeconds\" : -"));
            }
        }
        return m;
    }

    @Test
    void slicesMergeIntoTheFilesOfOneRun(@TempDir Path dir) throws Exception {
        Sweep.run(new Squares(2), new Sweep.Options(2, dir.resolve("one"), false), new PrintWriter(new StringWriter()));
        List<Slice> written = new ArrayList<>();
        for (int k = 1; k <= 4; k++) {   // 6 runs in 4 slices: runs 0 and 4, 1 and 5, 2, 3
            StringWriter out = new StringWriter();
            written.add(Sweep.runSlice(new Squares(2), new Shard(k, 4), List.of("--x", "1"), new Sweep.Options(2, dir.resolve("s"), false),
                    new PrintWriter(out)));
            assertTrue(out.toString().startsWith("squares: slice " + k + "/4, " + (k <= 2 ? 2 : 1) + " of 6 runs in "), out.toString());
        }
        assertEquals(List.of(1, 5), written.get(1).runs().stream().map(Slice.IndexedRun::index).toList());
        assertEquals(List.of("slice-1-of-4.json", "slice-2-of-4.json", "slice-3-of-4.json", "slice-4-of-4.json"),
                files(dir.resolve("s")).keySet().stream().toList(), "a slice writes its slice file and nothing else");
        List<Slice> read = Slice.readAll(List.of(dir.resolve("s")));
        assertEquals(List.of("--x", "1"), read.get(0).arguments());
        StringWriter out = new StringWriter();
        Squares.Summary merged = Sweep.merge(new Squares(2), read, new Sweep.Options(1, dir.resolve("merged"), false), new PrintWriter(out));
        assertEquals(List.of(1, 4, 9, 16, 25, 36), merged.squares());
        assertEquals(files(dir.resolve("one")), files(dir.resolve("merged")), "the same files, byte for byte but the wall time");
        assertEquals("squares [1, 4, 9, 16, 25, 36]\n", out.toString());
        double sum = written.stream().mapToDouble(Slice::wallSeconds).sum();
        assertEquals(Sweep.tenths(sum), merged.wallSeconds(), "a merge's wall time is the sum of its slices'");
    }

    @Test
    void slicesOfAnotherSweepOrAMissingSliceAreOneLineErrors(@TempDir Path dir) throws Exception {
        PrintWriter quiet = new PrintWriter(new StringWriter());
        Squares fewer = new Squares(2) {
            @Override
            public List<Integer> plan() {
                return List.of(1, 2, 3, 4);
            }
        };
        Sweep.runSlice(new Squares(2), new Shard(1, 2), List.of(), new Sweep.Options(1, dir.resolve("a"), false), quiet);
        Sweep.runSlice(new Squares(2), new Shard(2, 2), List.of(), new Sweep.Options(1, dir.resolve("b"), false), quiet);
        Sweep.runSlice(fewer, new Shard(2, 2), List.of("--fewer"), new Sweep.Options(1, dir.resolve("c"), false), quiet);
        Sweep.runSlice(new Squares(2), new Shard(2, 3), List.of(), new Sweep.Options(1, dir.resolve("d"), false), quiet);
        assertEquals("missing slice 2/2 of squares (given: 1/2)", error(dir, "a"));
        assertEquals("slices of different parameters: " + dir.resolve("a/slice-1-of-2.json") + " () and "
                + dir.resolve("c/slice-2-of-2.json") + " (--fewer)", error(dir, "a", "c"));
        assertEquals("slices of a sweep cut in different numbers: 1/2 (" + dir.resolve("a/slice-1-of-2.json") + ") and 2/3 ("
                + dir.resolve("d/slice-2-of-3.json") + ")", error(dir, "a", "d"));
        assertEquals("slice 1/2 given twice: " + dir.resolve("a/slice-1-of-2.json") + " and " + dir.resolve("a/slice-1-of-2.json"),
                error(dir, "a", "a/slice-1-of-2.json"));
        Files.writeString(dir.resolve("other.json"), Files.readString(dir.resolve("b/slice-2-of-2.json"))
                .replace("\"experiment\":\"squares\"", "\"experiment\":\"cubes\""));
        assertEquals("slices of different experiments: squares (" + dir.resolve("a/slice-1-of-2.json") + ") and cubes ("
                + dir.resolve("other.json") + ")", error(dir, "a", "other.json"));
        assertEquals(dir.resolve("none") + ": no such slice file or directory", error(dir, "none"));
        Files.writeString(dir.resolve("bad.json"), "{\"experiment\": 3");
        assertTrue(error(dir, "bad.json").startsWith(dir.resolve("bad.json") + ": not a slice of a sweep ("), error(dir, "bad.json"));
        // complete, but not of the experiment asked to merge them
        List<Slice> both = Slice.readAll(List.of(dir.resolve("a"), dir.resolve("b")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Sweep.merge(fewer, both, new Sweep.Options(1, dir.resolve("m"), false), quiet));
        assertEquals("the slices (squares ) are not of this sweep (squares, 4 runs): made by another version of Aspen?", e.getMessage());
    }

    private static String error(Path dir, String... names) {
        List<Path> paths = java.util.Arrays.stream(names).map(dir::resolve).toList();
        return assertThrows(IllegalArgumentException.class, () -> Slice.readAll(paths)).getMessage();
    }

    @Test
    void shardsAreKOfNStrided() {
        Shard s = Shard.parse("2/3");
        assertEquals(List.of(1, 4, 7), java.util.stream.IntStream.range(0, 9).filter(s::has).boxed().toList());
        assertEquals("slice-2-of-3.json", s.fileName());
        for (String bad : List.of("3/2", "0/2", "1/0", "2", "a/b", "1/2/3", "-1/2", "")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Shard.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("--shard takes K/N with 1 <= K <= N (e.g. 2/4): got "), e.getMessage());
        }
    }

    enum Kind {
        SLOW("slow-id"), FAST("fast-id");

        private final String id;

        Kind(String id) {
            this.id = id;
        }

        @com.fasterxml.jackson.annotation.JsonValue
        String id() {
            return id;
        }
    }

    record Inner(double a, long b) {
    }

    /** A run record with what the experiments' runs hold: enums with JSON ids, NaN, -0, arrays, maps by enum, untyped maps. */
    record Rich(Kind kind, double nan, double negativeZero, double tiny, long[] longs, boolean[] flags, List<double[]> series,
                java.util.Map<Kind, Inner> byKind, java.util.Map<String, Object> counters,
                @com.fasterxml.jackson.annotation.JsonIgnore double hidden) {
    }

    @Test
    void aSlicesRunsReadBackToEqualRecords() throws Exception {
        Rich r = new Rich(Kind.FAST, Double.NaN, -0.0, 4.9e-324, new long[] {Long.MAX_VALUE, -1}, new boolean[] {true, false},
                List.of(new double[] {0.1, 1.0 / 3}, new double[] {Double.POSITIVE_INFINITY}),
                java.util.Map.of(Kind.SLOW, new Inner(2.5e-7, 3)), java.util.Map.of("drops", 12L, "p", 0.125, "nan", Double.NaN), 7.75);
        Rich back = Slice.MAPPER.treeToValue(Slice.tree(r), Rich.class);
        assertEquals(Kind.FAST, back.kind());
        assertTrue(Double.isNaN(back.nan()));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(back.negativeZero()));
        assertEquals(4.9e-324, back.tiny());
        assertEquals(List.of(Long.MAX_VALUE, -1L), java.util.Arrays.stream(back.longs()).boxed().toList());
        assertTrue(back.flags()[0] && !back.flags()[1]);
        assertEquals(1.0 / 3, back.series().get(0)[1]);
        assertEquals(Double.POSITIVE_INFINITY, back.series().get(1)[0]);
        assertEquals(new Inner(2.5e-7, 3), back.byKind().get(Kind.SLOW));
        assertEquals(12, ((Number) back.counters().get("drops")).longValue());
        assertEquals(0.125, back.counters().get("p"));
        assertTrue(Double.isNaN(((Number) back.counters().get("nan")).doubleValue()), "NaN in an untyped map stays a number");
        assertEquals(7.75, back.hidden(), "a component the summary's JSON ignores is still in the slice");
    }
}
