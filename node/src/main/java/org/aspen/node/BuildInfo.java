package org.aspen.node;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version and commit this Aspen was built from, as the cli module's build wrote them into
 * {@code aspen-version.properties}; {@code unknown} for what is missing (a class path without the
 * cli module; a build not given {@code -Daspen.commit=...}). Shown in {@code aspen node}'s {@code up:} line, in
 * {@code stats} ({@code build}) and as {@code aspen_build_info} on {@code /metrics}.
 *
 * <pre>{@code
 * BuildInfo b = BuildInfo.current();
 * System.out.println("aspen " + b.version() + " (" + b.commit() + ")");
 * }</pre>
 */
public record BuildInfo(String version, String commit) {
    public static final String UNKNOWN = "unknown";
    private static final BuildInfo CURRENT = read();

    public BuildInfo {
        version = blankIsUnknown(version);
        commit = blankIsUnknown(commit);
    }

    /** This build's. */
    public static BuildInfo current() {
        return CURRENT;
    }


    private static BuildInfo read() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("/aspen-version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // unreadable: unknown, as when absent
        }
        return new BuildInfo(p.getProperty("version"), p.getProperty("commit"));
    }

    private static String blankIsUnknown(String s) {
        return s == null || s.isBlank() || s.startsWith("${") ? UNKNOWN : s.trim();
    }
}
