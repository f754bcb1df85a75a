package org.aspen.lab.judge;

import java.util.List;

/**
 * One walk of the forwarding path at {@code atNanos}: the nodes visited, the links taken, and why it
 * stopped short ({@code problem}; null when it reached the destination).
 */
public record PathSample(long atNanos, List<String> nodes, List<String> links, String problem) {
    public boolean complete() {
        return problem == null;
    }

    /** {@code a>b>c}, with the problem in brackets when there is one. */
    public String path() {
        return String.join(">", nodes) + (problem == null ? "" : " (" + problem + ")");
    }
}
