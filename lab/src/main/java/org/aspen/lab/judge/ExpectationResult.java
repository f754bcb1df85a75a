package org.aspen.lab.judge;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.LinkedHashMap;
import java.util.Map;

/** One judged expectation: what was asked, whether it held, and what was measured; {@code kind} is written as {@code type}. */
public record ExpectationResult(@JsonProperty("type") String kind, String description, boolean passed, String expected, Object measured) {
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", kind);
        m.put("description", description);
        m.put("passed", passed);
        m.put("expected", expected);
        m.put("measured", measured);
        return m;
    }
}
