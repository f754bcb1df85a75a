package org.aspen.lab.judge;

import com.fasterxml.jackson.annotation.JsonProperty;

/** One judged expectation: what was asked, whether it held, and what was measured; {@code kind} is written as {@code type}. */
public record ExpectationResult(@JsonProperty("type") String kind, String description, boolean passed, String expected, Object measured) {
}
