package org.aspen.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CSV files are their cells joined by commas, byte for byte: what the committed results depend on. */
class CsvTableTest {
    record Row(String label, double x, long n) {
    }

    private static CsvTable<Row> table() {
        return new CsvTable<Row>()
                .column("label", Row::label)
                .column("x", r -> CsvTable.format("%.3f", r.x()))
                .column("n", r -> CsvTable.format("%d", r.n()))
                .column("empty", r -> "");
    }

    @Test
    void writesHeaderAndRowsUnquotedWithNewlines(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("t.csv");
        table().write(f, List.of(new Row("aecn 40%", 1.5, 3), new Row("B=5000", -0.0004, 0), new Row("#x y", 1e6, -7)));
        assertEquals("label,x,n,empty\naecn 40%,1.500,3,\nB=5000,-0.000,0,\n#x y,1000000.000,-7,\n", Files.readString(f),
                "no quotes around spaces, '%', '=' or a leading '#'; '\\n' after every line");
    }

    @Test
    void aTableWithoutRowsIsItsHeader(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("t.csv");
        table().write(f, List.of());
        assertEquals("label,x,n,empty\n", Files.readString(f));
    }

    @Test
    void numbersPrintTheSameInEveryLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertEquals("1.500", CsvTable.format("%.3f", 1.5));
        } finally {
            Locale.setDefault(before);
        }
    }
}
