package org.aspen.experiments.sweep;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What {@code aspen experiment NAME --shard K/N} writes ({@code slice-K-of-N.json}) and
 * {@code aspen experiment merge} reads: which experiment, with which parameters (as the
 * experiment gives them, and as the options that rebuild it), which slice, and each of its runs'
 * results by their index in the plan.
 *
 * <pre>{@code
 * List<Slice> slices = Slice.readAll(List.of(Path.of("s1"), Path.of("s2")));  // checked: one sweep, every slice once
 * Sweep.merge(experiment, slices, new Sweep.Options(1, Path.of("merged"), false), out);
 * }</pre>
 *
 * The runs are the run records as Jackson writes them with annotations off (every component, enums
 * by name, NaN as a bare {@code NaN}), so that they read back to equal records: a summary's own
 * JSON names are not involved. {@code wallSeconds} is the wall time of the slice's runs.
 *
 * @param experiment the experiment's name
 * @param parameters the experiment's parameters in one line ({@link Experiment#parameters})
 * @param arguments  the options that make the experiment ({@code --seeds 2 --delays 10,50}), without
 *                   {@code --shard}, {@code --out}, {@code --json} and {@code --threads}
 * @param shard      K of {@code K/N}
 * @param shards     N of {@code K/N}
 * @param planSize   the runs of the whole sweep
 * @param runs       this slice's runs, by plan index
 */
public record Slice(String experiment, String parameters, List<String> arguments, int shard, int shards, int planSize,
                    double wallSeconds, List<IndexedRun> runs) {
    /** The mapper of slice files: annotations off, NaN and infinities as bare tokens both ways. */
    static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(MapperFeature.USE_ANNOTATIONS)
            .disable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /** One run of the slice: its index in the plan and its result. */
    public record IndexedRun(int index, JsonNode run) {
    }

    public Slice {
        arguments = List.copyOf(arguments);
        runs = List.copyOf(runs);
    }

    /** Which slice this is. */
    public Shard shardOf() {
        return new Shard(shard, shards);
    }

    /** Writes the slice into {@code dir} as {@code slice-K-of-N.json}; returns the file. */
    public Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve(shardOf().fileName());
        Files.writeString(file, MAPPER.writeValueAsString(this));
        return file;
    }

    /** A run result as a slice holds it. */
    static JsonNode tree(Object run) {
        return MAPPER.valueToTree(run);
    }

    /** One slice file; a one-line error when it is not one. */
    public static Slice read(Path file) {
        try {
            Slice s = MAPPER.readValue(file.toFile(), Slice.class);
            if (s.experiment() == null || s.parameters() == null) {
                throw new IllegalArgumentException(file + ": not a slice of a sweep (no experiment or parameters)");
            }
            if (s.shards() < 1 || s.shard() < 1 || s.shard() > s.shards()) {
                throw new IllegalArgumentException(file + ": not a slice of a sweep (slice " + s.shard() + "/" + s.shards() + ")");
            }
            return s;
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not a slice of a sweep (" + e.getMessage().lines().findFirst().orElse("") + ")");
        }
    }

    /**
     * The slices in {@code paths} (slice files, or directories holding {@code slice-*-of-*.json}),
     * in slice order, checked to be every slice of one sweep exactly once: a one-line
     * {@link IllegalArgumentException} naming what is wrong otherwise.
     */
    public static List<Slice> readAll(List<Path> paths) {
        if (paths.isEmpty()) {
            throw new IllegalArgumentException("no slices: give the output directories of the --shard runs");
        }
        List<Path> files = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> in = Files.list(p)) {
                    List<Path> found = in.filter(f -> f.getFileName().toString().matches("slice-\\d+-of-\\d+\\.json")).sorted().toList();
                    if (found.isEmpty()) {
                        throw new IllegalArgumentException(p + ": no slice-K-of-N.json in it (an 'aspen experiment NAME --shard K/N' output?)");
                    }
                    files.addAll(found);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else if (Files.isRegularFile(p)) {
                files.add(p);
            } else {
                throw new IllegalArgumentException(p + ": no such slice file or directory");
            }
        }
        TreeMap<Integer, Path> byK = new TreeMap<>();
        List<Slice> slices = new ArrayList<>();
        Slice first = null;
        Path firstFile = null;
        for (Path f : files) {
            Slice s = read(f);
            if (first == null) {
                first = s;
                firstFile = f;
            } else if (!s.experiment().equals(first.experiment())) {
                throw new IllegalArgumentException("slices of different experiments: " + first.experiment() + " (" + firstFile + ") and "
                        + s.experiment() + " (" + f + ")");
            } else if (!s.parameters().equals(first.parameters()) || s.planSize() != first.planSize()) {
                throw new IllegalArgumentException("slices of different parameters: " + firstFile + " (" + String.join(" ", first.arguments())
                        + ") and " + f + " (" + String.join(" ", s.arguments()) + ")");
            } else if (s.shards() != first.shards()) {
                throw new IllegalArgumentException("slices of a sweep cut in different numbers: " + first.shardOf() + " (" + firstFile
                        + ") and " + s.shardOf() + " (" + f + ")");
            }
            Path before = byK.put(s.shard(), f);
            if (before != null) {
                throw new IllegalArgumentException("slice " + s.shardOf() + " given twice: " + before + " and " + f);
            }
            slices.add(s);
        }
        int n = first.shards();
        List<String> missing = new ArrayList<>();
        for (int k = 1; k <= n; k++) {
            if (!byK.containsKey(k)) {
                missing.add(k + "/" + n);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("missing slice" + (missing.size() > 1 ? "s " : " ") + String.join(", ", missing)
                    + " of " + first.experiment() + " (given: " + String.join(", ", byK.keySet().stream()
                    .map(k -> k + "/" + n).toList()) + ")");
        }
        slices.sort(Comparator.comparingInt(Slice::shard));
        return slices;
    }
}
