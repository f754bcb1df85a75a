package org.aspen.experiments.sweep;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.aspen.experiments.sweep.VerdictRule.Direction;
import org.aspen.experiments.sweep.VerdictRule.Judgement;
import org.aspen.experiments.sweep.VerdictRule.Point;
import org.aspen.experiments.sweep.VerdictRule.SizeTest;
import org.aspen.experiments.sweep.VerdictRule.Tolerance;

/**
 * An experiment's readings and verdict rules, committed before the runs they judge (issue 29): one
 * YAML file per experiment, {@code experiments/src/main/resources/preregistration/NAME.yaml}, whose
 * format and worked example are in {@code docs/reproducing.md}. The experiment's
 * {@code summarise} gives Aspen's values at each registered point; the points, the paper's
 * directions and figures, the emphasised point and the rule all come from the file.
 *
 * <pre>{@code
 * Preregistration pre = Preregistration.load("acc-figure4");
 * PaperComparison row = pre.row("Fig. 6: closes per second", Map.of("10 ms", ratios10, "200 ms", ratios200), aspenText);
 * summary.preregistration = pre.ref();   // {file, gitBlob}: names the file's commit (tools/preregistration.sh)
 * }</pre>
 *
 * {@link #ref} names the file by its git blob id (what {@code git hash-object FILE} prints): a
 * summary that records it reproduces byte for byte, and {@code git log --find-object=BLOB} finds
 * the commit that registered exactly that content, which {@code tools/preregistration.sh} checks
 * comes before the results' commit.
 *
 * @param experiment the experiment's name ({@code aspen experiment NAME})
 * @param command    the run the readings judge, as the results doc will give it
 * @param rules      the verdict rules, by name
 * @param readings   one per row of the results doc's comparison table
 * @param source     where the file was read from (not in the file)
 * @param gitBlob    the file's git blob id (not in the file)
 */
public record Preregistration(String experiment, String command, List<Rule> rules, List<Reading> readings, String source,
                              String gitBlob) {
    /** Where the files live in the repository, and on the class path under {@code /preregistration/}. */
    public static final String DIR = "experiments/src/main/resources/preregistration/";
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** The file's content. */
    record Content(String experiment, String command, List<Rule> rules, List<Reading> readings) {
    }

    /** A rule as the file gives it: {@code {name, neutral, test: absolute|relative|at-least, size}}. */
    public record Rule(String name, Double neutral, String test, Double size) {
        /** The rule itself; an {@link IllegalArgumentException} naming what is wrong. */
        public VerdictRule verdictRule() {
            if (name == null || neutral == null || size == null) {
                throw new IllegalArgumentException("a rule needs name, neutral, test and size");
            }
            SizeTest t = switch (test == null ? "" : test) {
                case "absolute" -> SizeTest.ABSOLUTE;
                case "relative" -> SizeTest.RELATIVE;
                case "at-least" -> SizeTest.AT_LEAST;
                default -> throw new IllegalArgumentException("rule '" + name + "': test must be absolute, relative or at-least, not '"
                        + test + "'");
            };
            return new VerdictRule(name, neutral, new Tolerance(t, size));
        }
    }

    /**
     * A point of a reading: its label, the paper's direction ({@code above} or {@code below} the
     * rule's neutral value) and the paper's figure there, when it gives one.
     */
    public record PointSpec(String label, String direction, Double paper) {
        Point point(double[] aspen) {
            Direction d = switch (direction == null ? "" : direction) {
                case "above" -> Direction.ABOVE;
                case "below" -> Direction.BELOW;
                default -> throw new IllegalArgumentException("point '" + label + "': direction must be above or below, not '"
                        + direction + "'");
            };
            return new Point(label, d, paper == null ? Double.NaN : paper, aspen);
        }
    }

    /**
     * One reading: the row's result and the paper's claim as the table gives them, the rule that
     * judges it, the effect Aspen measures at each point (in words: the code computes it), the
     * point the paper emphasises and the points.
     */
    public record Reading(String result, String paper, String rule, String effect, String emphasised, List<PointSpec> points) {
    }

    /** What a summary records of its pre-registration: the file and its git blob id. */
    public record Ref(String file, String gitBlob) {
    }

    /** The experiment's file from the class path ({@code /preregistration/NAME.yaml}). */
    public static Preregistration load(String experiment) {
        String resource = "/preregistration/" + experiment + ".yaml";
        try (InputStream in = Preregistration.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no pre-registration for '" + experiment + "' (" + DIR + experiment + ".yaml)");
            }
            return parse(in.readAllBytes(), DIR + experiment + ".yaml");
        } catch (IOException e) {
            throw new IllegalArgumentException(resource + ": " + e.getMessage());
        }
    }

    /**
     * A pre-registration from its file's bytes, checked: every rule well formed and named once,
     * every reading's rule known, its points labelled once, its emphasised point among them and the
     * paper's figures on the side of the rule's neutral value that the direction names. One-line
     * {@link IllegalArgumentException}s naming {@code source} and what is wrong.
     */
    public static Preregistration parse(byte[] file, String source) {
        Content c;
        try {
            c = YAML.readValue(file, Content.class);
        } catch (IOException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (c == null || c.experiment() == null || c.experiment().isBlank() || c.command() == null || c.rules() == null
                || c.readings() == null) {
            throw new IllegalArgumentException(source + ": needs experiment, command, rules and readings");
        }
        Preregistration p = new Preregistration(c.experiment(), c.command(), List.copyOf(c.rules()), List.copyOf(c.readings()), source,
                gitBlob(file));
        try {
            p.check();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage());
        }
        return p;
    }

    private void check() {
        List<String> names = new ArrayList<>();
        for (Rule r : rules) {
            r.verdictRule();
            if (names.contains(r.name())) {
                throw new IllegalArgumentException("rule '" + r.name() + "' given twice");
            }
            names.add(r.name());
        }
        List<String> results = new ArrayList<>();
        for (Reading r : readings) {
            if (r.result() == null || r.result().isBlank() || r.paper() == null || r.rule() == null || r.effect() == null
                    || r.emphasised() == null || r.points() == null) {
                throw new IllegalArgumentException("a reading needs result, paper, rule, effect, emphasised and points");
            }
            if (results.contains(r.result())) {
                throw new IllegalArgumentException("reading '" + r.result() + "' given twice");
            }
            results.add(r.result());
            // judging no figures checks the points, the emphasis and the paper's sides; the verdict is not-run
            judge(r.result(), Map.of());
        }
    }

    /** The reading whose result is {@code result}. */
    public Reading reading(String result) {
        return readings.stream().filter(r -> r.result().equals(result)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(source + ": no reading '" + result + "'"));
    }

    /** The rule named {@code name}. */
    public VerdictRule rule(String name) {
        return rules.stream().filter(r -> r.name().equals(name)).findFirst().map(Rule::verdictRule)
                .orElseThrow(() -> new IllegalArgumentException("reading names rule '" + name + "', which is not among the rules"));
    }

    /**
     * The verdict on the reading {@code result}, given Aspen's values of its effect at each point by
     * label (one per seed, or a single mean); a point with no values is not run.
     */
    public Judgement judge(String result, Map<String, double[]> aspen) {
        Reading r = reading(result);
        List<Point> points = new ArrayList<>();
        for (PointSpec p : r.points()) {
            points.add(p.point(aspen.getOrDefault(p.label(), new double[0])));
        }
        if (points.isEmpty()) {
            throw new IllegalArgumentException("reading '" + result + "' has no points");
        }
        return rule(r.rule()).judge(points, r.emphasised());
    }

    /** The comparison row of the reading {@code result}: its paper cell from the file, its verdict and rule from {@link #judge}. */
    public PaperComparison row(String result, Map<String, double[]> aspen, String aspenText) {
        return judge(result, aspen).row(result, reading(result).paper(), aspenText);
    }

    /**
     * The row of the reading {@code result} judged on the ns-2 baseline's values, with its "Aspen
     * RDP" sensitivity cell: {@code rdpText}, then the verdict the same rule gives on the RDP
     * values ({@code "0.81 ± 0.04 (95 %, 5 seeds); direction"}). The row's verdict, rule and why are
     * the ns-2 baseline's.
     */
    public PaperComparison row(String result, Map<String, double[]> ns2, String ns2Text, Map<String, double[]> rdp,
                               String rdpText) {
        return row(result, ns2, ns2Text).withRdp(rdpText + "; " + judge(result, rdp).verdict().label());
    }

    /** What a summary records: the file and its git blob id. */
    public Ref ref() {
        return new Ref(source, gitBlob);
    }

    /** The git blob id of {@code content}: SHA-1 of {@code "blob <length>\0"} and the bytes, as {@code git hash-object} prints it. */
    public static String gitBlob(byte[] content) {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            sha1.update(("blob " + content.length + "\0").getBytes(StandardCharsets.US_ASCII));
            return HexFormat.of().formatHex(sha1.digest(content)).toLowerCase(Locale.ROOT);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
