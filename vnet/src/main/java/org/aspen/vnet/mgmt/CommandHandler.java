package org.aspen.vnet.mgmt;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One control command. Runs on the node's loop, so it may read and change node state directly.
 *
 * <pre>{@code
 * server.register("echo", (args, reply) -> reply.done(Map.of("said", args.path("text").asText())));
 * }</pre>
 *
 * Answer through the sink, now or later (a streaming command such as ping calls {@code next} per
 * result and {@code done} at the end). An {@link IllegalArgumentException} becomes an error reply
 * with its message; any other exception an error reply naming it.
 */
@FunctionalInterface
public interface CommandHandler {
    /** @param args the request's {@code args} object (empty when absent), never null */
    void handle(JsonNode args, ReplySink reply) throws Exception;
}
