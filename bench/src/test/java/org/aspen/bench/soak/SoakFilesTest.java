package org.aspen.bench.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The soak run's files, from a made-up run: what {@code aspen bench soak} leaves in {@code --out}. */
class SoakFilesTest {
    @Test
    void writesCsvPngAndJsonOfTheRun(@TempDir Path dir) throws Exception {
        List<SoakBench.Sample> samples = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            samples.add(new SoakBench.Sample(i, 100L << 20, (50L + i) << 20, 30L << 20, 200L << 20, 1000, 1000L * i, i, 1000 + i));
        }
        SoakBench.Result r = new SoakBench.Result(new SoakBench.Options(1000, 10_000_000_000L, 10, 1), samples, 10, 10,
                Map.of(), 10_000, 1010, 0);
        Path out = dir.resolve("soak-results");

        List<Path> written = SoakFiles.write(r, out);

        assertEquals(List.of(out.resolve("soak.csv"), out.resolve("soak.png"), out.resolve("soak.json")), written);
        List<String> csv = Files.readAllLines(written.get(0));
        assertEquals(SoakFiles.CSV_HEADER, csv.get(0));
        assertEquals(1 + samples.size(), csv.size());
        assertEquals("10.0,104857600,62914560,31457280,209715200,1000,10000,10,1010", csv.get(csv.size() - 1));
        byte[] png = Files.readAllBytes(written.get(1));
        assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', "a PNG image");
        ObjectMapper mapper = new ObjectMapper();
        assertEquals(mapper.readTree(mapper.writeValueAsString(r.toJson())), mapper.readTree(written.get(2).toFile()));
    }
}
