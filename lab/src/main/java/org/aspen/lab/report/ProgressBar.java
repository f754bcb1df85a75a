package org.aspen.lab.report;

import java.io.PrintStream;
import java.util.Locale;

/**
 * A one-line progress bar on standard error, drawn only when a person is watching (a console is
 * attached); otherwise silent, so logs and pipes stay clean.
 */
public final class ProgressBar {
    private final PrintStream out;
    private final String label;
    private final boolean enabled;
    private int lastPercent = -1;

    public ProgressBar(String label) {
        this(label, System.err, System.console() != null && !"dumb".equals(System.getenv("TERM")));
    }

    public ProgressBar(String label, PrintStream out, boolean enabled) {
        this.label = label;
        this.out = out;
        this.enabled = enabled;
    }

    public void update(double fraction, String detail) {
        if (!enabled) {
            return;
        }
        int pct = (int) Math.round(Math.max(0, Math.min(1, fraction)) * 100);
        if (pct == lastPercent) {
            return;
        }
        lastPercent = pct;
        int width = 30;
        int full = pct * width / 100;
        String bar = "#".repeat(full) + ".".repeat(width - full);
        out.print(String.format(Locale.ROOT, "\r%s [%s] %3d%% %s", label, bar, pct, detail == null ? "" : detail));
        out.flush();
    }

    public void done() {
        if (enabled && lastPercent >= 0) {
            out.print("\r" + " ".repeat(label.length() + 60) + "\r");
            out.flush();
        }
    }
}
