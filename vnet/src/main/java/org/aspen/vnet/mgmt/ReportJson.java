package org.aspen.vnet.mgmt;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The one Jackson set-up for reports ({@link LinkReport}, the lab's run report, node stats): records
 * are written in their components' order, numbers as their Java type writes them ({@code long} as an
 * integer, {@code double} always with a decimal point), nulls as {@code null} unless a record says
 * otherwise. Reading skips fields a record does not name, so a newer report still reads.
 *
 * <pre>{@code
 * String text = ReportJson.INDENTED.writeValueAsString(report);
 * LabReport back = ReportJson.MAPPER.readValue(text, LabReport.class);
 * }</pre>
 */
public final class ReportJson {
    /** Reads and writes reports (compact). */
    public static final ObjectMapper MAPPER = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    /** Writes reports indented, as {@code --json} and report files print them. */
    public static final ObjectWriter INDENTED = MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT);

    private ReportJson() {
    }
}
