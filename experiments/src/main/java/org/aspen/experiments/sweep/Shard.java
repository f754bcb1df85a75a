package org.aspen.experiments.sweep;

/**
 * One slice of a sweep that is cut in {@code n}: slice {@code k} (1-based) holds the runs whose
 * index in the plan, counted from 0, leaves {@code k - 1} when divided by {@code n}. Strided rather
 * than contiguous, because a plan is ordered by config and point and its slow runs lie together:
 * every slice gets its share of them.
 *
 * <pre>{@code
 * Shard s = Shard.parse("2/3");   // runs 1, 4, 7, ... of the plan
 * s.has(4);                       // true
 * s.fileName();                   // "slice-2-of-3.json"
 * }</pre>
 */
public record Shard(int k, int n) {
    public Shard {
        if (n < 1 || k < 1 || k > n) {
            throw new IllegalArgumentException("--shard takes K/N with 1 <= K <= N (e.g. 2/4): got " + k + "/" + n);
        }
    }

    /** {@code K/N} as {@code --shard} takes it; a one-line error naming what was wrong. */
    public static Shard parse(String text) {
        String[] kn = text == null ? new String[0] : text.trim().split("/", -1);
        if (kn.length != 2 || !kn[0].matches("\\d{1,9}") || !kn[1].matches("\\d{1,9}")) {
            throw new IllegalArgumentException("--shard takes K/N with 1 <= K <= N (e.g. 2/4): got '" + text + "'");
        }
        return new Shard(Integer.parseInt(kn[0]), Integer.parseInt(kn[1]));
    }

    /** Whether the run at {@code index} (from 0) of the plan is in this slice. */
    public boolean has(int index) {
        return index % n == k - 1;
    }

    /** The file the slice is written to, in its output directory. */
    public String fileName() {
        return "slice-" + k + "-of-" + n + ".json";
    }

    @Override
    public String toString() {
        return k + "/" + n;
    }
}
