package org.aspen.vnet.mgmt;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One request line of the control endpoint, parsed: stateless, and the only place that reads
 * untrusted request bytes (the fuzz target {@code ControlRequestFuzzTest} drives it).
 *
 * <pre>{@code
 * ControlRequest r = ControlRequest.parse(lineBytes);
 * if (r.error() != null) reply error(r.id(), r.error());               // bad JSON, not an object
 * else if (!tokenOk(r.token())) ...; else if (r.problem() != null) reply error(r.id(), r.problem());
 * else handlers.get(r.cmd()).handle(r.args(), sink);
 * }</pre>
 *
 * @param id      the request's {@code id} (any JSON value; null node when absent), echoed in replies
 * @param token   the {@code token} field, or null
 * @param cmd     the command name, or null when {@link #problem} says why not
 * @param args    the {@code args} object (empty when absent), or null when {@link #problem} says why not
 * @param error   non-null when the line is not a JSON object at all (then {@code id} is the null node)
 * @param problem non-null when it is an object but {@code cmd} or {@code args} is unusable
 */
public record ControlRequest(JsonNode id, JsonNode token, String cmd, ObjectNode args, String error, String problem) {

    /** Parses one line (without its newline). Never throws: every defect is an {@code error} or {@code problem}. */
    public static ControlRequest parse(byte[] line) {
        JsonNode req;
        try {
            req = ControlServer.JSON.readTree(line);
        } catch (JsonProcessingException e) {
            return failed("bad JSON: " + e.getOriginalMessage());
        } catch (java.io.IOException e) {
            return failed("bad request: " + e.getMessage());
        }
        if (req == null || !req.isObject()) {
            return failed("a request is a JSON object: {\"id\":1,\"cmd\":\"stats\"}");
        }
        JsonNode id = req.has("id") ? req.get("id") : NullNode.instance;
        JsonNode token = req.get("token");
        JsonNode cmd = req.get("cmd");
        if (cmd == null || !cmd.isTextual()) {
            return new ControlRequest(id, token, null, null, null, "missing \"cmd\" (try \"help\")");
        }
        JsonNode args = req.has("args") ? req.get("args") : ControlServer.JSON.createObjectNode();
        if (!(args instanceof ObjectNode o)) {
            return new ControlRequest(id, token, cmd.asText(), null, null, "\"args\" must be a JSON object");
        }
        return new ControlRequest(id, token, cmd.asText(), o, null, null);
    }

    private static ControlRequest failed(String why) {
        return new ControlRequest(NullNode.instance, null, null, null, why.replaceAll("[\\r\\n]+", " "), null);
    }
}
