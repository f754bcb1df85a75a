package org.aspen.rdp.ns2;

import java.util.ArrayDeque;

/**
 * The whole-packet window levels an ACNS sender passed through, for equation 11's cwnd_last,x: the last
 * level below the current one. Shared by ACNS on ns-2's Reno ({@link Ns2AcnsReno}) and on ns-2's Linux
 * CUBIC ({@link Ns2AcnsCubic}).
 *
 * <pre>{@code
 * AcnsLevels l = new AcnsLevels();
 * l.note(4); l.note(7); l.note(9);
 * int x = l.lastBelow(9);   // 7 (9 is forgotten, as the window falls to 7)
 * }</pre>
 */
final class AcnsLevels {
    private static final int MAX_LEVELS = 256;
    /** Levels passed through, strictly increasing, the current one last. */
    private final ArrayDeque<Integer> levels = new ArrayDeque<>();

    /** Records the window's level now: levels above it are forgotten (the window came down). */
    void note(int level) {
        while (!levels.isEmpty() && levels.peekLast() > level) {
            levels.pollLast();
        }
        if (levels.isEmpty() || levels.peekLast() < level) {
            levels.addLast(level);
            if (levels.size() > MAX_LEVELS) {
                levels.pollFirst();
            }
        }
    }

    /** The last level passed through below {@code level}, forgetting those at or above it; -1 when there is none. */
    int lastBelow(int level) {
        while (!levels.isEmpty() && levels.peekLast() >= level) {
            levels.pollLast();
        }
        return levels.isEmpty() ? -1 : levels.peekLast();
    }
}
