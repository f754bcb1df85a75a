package org.aspen.ee.mgmt;

import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * One management command: JSON-like arguments in, a JSON-like answer out (maps, lists, strings,
 * numbers, booleans). Called from the control endpoint's thread; the answer completes later,
 * after the work ran on the node's loop.
 *
 * <pre>{@code
 * registry.register("aa.list", args -> CompletableFuture.completedFuture(Map.of("ok", true)));
 * }</pre>
 *
 * Answers carry {@code "ok": true} or {@code "ok": false, "error": "<one line>"}.
 */
@FunctionalInterface
public interface EeCommandHandler {
    CompletionStage<Map<String, Object>> handle(Map<String, Object> args);
}
