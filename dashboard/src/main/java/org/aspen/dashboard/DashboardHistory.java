package org.aspen.dashboard;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a dashboard has been sent, kept so a browser that opens the page late, a page served after
 * the run, and a static report all show the <em>whole</em> run: the topology, the samples, the
 * event log, the ping results and the end of the run.
 *
 * <pre>{@code
 * DashboardHistory h = new DashboardHistory();
 * h.record("topology", topologyMap);
 * h.record("sample", sampleMap);               // every 100 ms per node
 * String sse = h.eventStream();                // replayed to a browser that connects now
 * String page = h.reportPage();                // one self-contained HTML file, drawn at load
 * }</pre>
 *
 * Samples are not dropped from the front when there are too many (that lost the start of long
 * runs): above {@link #MAX_SAMPLES} the history is thinned in time, every node's samples alike. At
 * level L a node keeps its samples number 0, 2^L, 2*2^L, ..., those kept before and those that come
 * after, so the whole run stays at one resolution (between half and all of {@link #MAX_SAMPLES}
 * samples), halved each time it would grow past it. A chart then ends at most 2^L sample periods
 * before the run's end, which the {@code end} message still gives. The event log and pings are capped from the front as before (they are small). Safe to
 * call from several threads (a real-UDP lab's node loops).
 */
public final class DashboardHistory {
    private static final Logger LOG = LoggerFactory.getLogger(DashboardHistory.class);
    /** Samples kept before thinning: a minute of a ten-node lab at 10 Hz, a long run thinned. */
    static final int MAX_SAMPLES = 6000;
    static final int MAX_LOG = 2000;
    /** Ping results kept for late browsers (a probe every 10 ms for 200 s). */
    static final int MAX_PINGS = 20_000;
    private static final String WEB = "/org/aspen/dashboard/web/";

    private final ObjectMapper json = new ObjectMapper();
    private String topology;
    private final List<Sample> samples = new ArrayList<>();
    private final List<String> log = new ArrayList<>();
    private final List<String> pings = new ArrayList<>();
    private final Map<String, Integer> perNode = new HashMap<>();
    private int level;
    private String end;

    /** One sample message: its node's own sample number (for thinning in time) and its JSON. */
    private record Sample(int number, String json) { }

    /**
     * Keeps message {@code data} of {@code kind}; returns its JSON, or null when it cannot be encoded
     * (then it is logged and not kept). Unknown kinds are encoded and not kept.
     */
    public synchronized String record(String kind, Object data) {
        String s;
        try {
            s = json.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            LOG.warn("dashboard: cannot encode a {} message: {}", kind, e.getMessage());
            return null;
        }
        switch (kind) {
            case "topology" -> {
                if (topology != null) {   // a new run: its history starts again
                    samples.clear();
                    log.clear();
                    pings.clear();
                    perNode.clear();
                    level = 0;
                    end = null;
                }
                topology = s;
            }
            case "sample" -> addSample(data, s);
            case "log" -> keep(log, s, MAX_LOG);
            case "ping" -> keep(pings, s, MAX_PINGS);
            case "end" -> end = s;
            default -> { }
        }
        return s;
    }

    private void addSample(Object data, String s) {
        String node = data instanceof Map<?, ?> m && m.get("node") != null ? String.valueOf(m.get("node")) : "";
        int n = perNode.merge(node, 1, Integer::sum) - 1;
        if (n % (1 << level) != 0) {
            return;   // thinned already: keep the run's resolution the same from start to end
        }
        samples.add(new Sample(n, s));
        if (samples.size() > MAX_SAMPLES) {
            level++;
            int stride = 1 << level;
            samples.removeIf(x -> x.number % stride != 0);
        }
    }

    private static void keep(List<String> q, String s, int max) {
        if (q.size() == max) {
            q.remove(0);
        }
        q.add(s);
    }

    /** True once the run's {@code end} message was recorded. */
    public synchronized boolean ended() {
        return end != null;
    }

    /** Samples kept now (after thinning). */
    public synchronized int samples() {
        return samples.size();
    }

    /** The thinning level: 0 while every sample is kept, L when one in 2^L of the older ones is. */
    public synchronized int thinning() {
        return level;
    }

    /** The history as server-sent events, in the order a browser needs: graph, log, pings, samples, end. */
    public synchronized String eventStream() {
        StringBuilder sb = new StringBuilder();
        forEach((kind, s) -> sb.append(frame(kind, s)));
        return sb.toString();
    }

    /** One message as a server-sent event. */
    static String frame(String kind, String json) {
        return "event: " + kind + "\ndata: " + json + "\n\n";
    }

    private void forEach(java.util.function.BiConsumer<String, String> to) {
        if (topology != null) {
            to.accept("topology", topology);
        }
        log.forEach(s -> to.accept("log", s));
        pings.forEach(s -> to.accept("ping", s));
        samples.forEach(s -> to.accept("sample", s.json()));
        if (end != null) {
            to.accept("end", end);
        }
    }

    /**
     * The dashboard as one self-contained HTML file: the page, its style and script inline, and the
     * history as a JSON array of {@code [kind, message]} pairs that the script draws before the page
     * has loaded. It needs no server and no network: for handing out, grading, or a screenshot of a
     * finished run.
     */
    public synchronized String reportPage() {
        StringBuilder data = new StringBuilder("[");
        forEach((kind, s) -> {
            if (data.length() > 1) {
                data.append(",\n");
            }
            data.append("[\"").append(kind).append("\",").append(s).append(']');
        });
        data.append(']');
        return page(data.toString());
    }

    /** The bundled page with its stylesheet and script inline and {@code replay} (JSON) embedded. */
    static String page(String replay) {
        String html = text("index.html");
        String css = text("dashboard.css");
        String js = text("dashboard.js");
        String link = "<link rel=\"stylesheet\" href=\"dashboard.css\">";
        String script = "<script src=\"dashboard.js\"></script>";
        if (!html.contains(link) || !html.contains(script)) {
            throw new IllegalStateException("index.html no longer links dashboard.css and dashboard.js as the report expects");
        }
        // inside <script>, "</" would end the element early: JSON allows "<\/" for it
        String embedded = "<script type=\"application/json\" id=\"aspen-replay\">" + replay.replace("</", "<\\/") + "</script>\n";
        return html.replace(link, "<style>\n" + css + "</style>")
                .replace(script, embedded + "<script>\n" + js.replace("</script", "<\\/script") + "</script>");
    }

    private static String text(String name) {
        return new String(DashboardServer.asset(name), StandardCharsets.UTF_8);
    }
}
