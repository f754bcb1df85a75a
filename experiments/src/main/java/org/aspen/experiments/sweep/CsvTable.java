package org.aspen.experiments.sweep;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The columns of a CSV file, each a header and how one row prints that cell, written with
 * Jackson's CSV writer: a header line, then one line per row, {@code \n} after each.
 *
 * <pre>{@code
 * new CsvTable<Run>()
 *         .column("config", r -> r.config().id())
 *         .column("goodput_kbps", r -> CsvTable.format("%.3f", r.goodputKbps()))
 *         .write(dir.resolve("runs.csv"), runs);
 * }</pre>
 *
 * Cells are text, formatted by the caller ({@link #format} uses {@link Locale#ROOT}), and written
 * without quotes or escapes: a file is exactly its cells joined by commas, so the formats alone
 * decide its bytes (the results in {@code docs/results/} depend on that). Cells hold numbers and
 * identifiers, never a comma.
 */
public final class CsvTable<R> {
    private static final CsvMapper MAPPER = new CsvMapper();

    private final List<String> headers = new ArrayList<>();
    private final List<Function<R, String>> cells = new ArrayList<>();

    /** Adds a column after the others. */
    public CsvTable<R> column(String header, Function<R, String> cell) {
        headers.add(header);
        cells.add(cell);
        return this;
    }

    public List<String> headers() {
        return List.copyOf(headers);
    }

    /** Writes the header and one line per row, in order (the header alone when there are no rows). */
    public void write(Path file, Iterable<? extends R> rows) throws IOException {
        CsvSchema.Builder schema = CsvSchema.builder().setUseHeader(true).disableQuoteChar().disableEscapeChar()
                .setLineSeparator("\n");
        headers.forEach(schema::addColumn);
        try (Writer w = Files.newBufferedWriter(file);
             SequenceWriter out = MAPPER.writer(schema.build()).writeValues(w)) {
            for (R row : rows) {
                List<String> line = new ArrayList<>(cells.size());
                for (Function<R, String> cell : cells) {
                    line.add(cell.apply(row));
                }
                out.write(line);
            }
        }
    }

    /** {@link String#format} in {@link Locale#ROOT}: the one way cells print numbers. */
    public static String format(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
