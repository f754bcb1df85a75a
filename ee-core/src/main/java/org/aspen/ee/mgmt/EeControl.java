package org.aspen.ee.mgmt;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.aspen.ee.ExecutionEnvironment;
import org.aspen.vnet.mgmt.ControlServer;

/**
 * Binds the EE's management commands to a node's {@link ControlServer}: {@code aa.list},
 * {@code aa.start}, {@code aa.stop} and {@code deploy} as commands, and the EE's counters as the
 * {@code ee} section of the server's own {@code stats}.
 *
 * <pre>{@code
 * ControlServer cs = ControlServer.forUdpNode(net, "b", ControlConfig.loopback(0));
 * EeControl.bind(ee, cs);
 * cs.start();
 * // {"id":1,"cmd":"deploy","args":{"jar":"<base64>","allow":true,"start":true}}
 * }</pre>
 *
 * An answer with {@code ok=false} becomes the server's one-line error reply.
 */
public final class EeControl {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, Object>> ARGS = new TypeReference<>() {
    };

    private EeControl() {
    }

    public static void bind(ExecutionEnvironment ee, ControlServer server) {
        EeCommands.register(ee, (name, handler) -> {
            if (name.equals(EeCommands.STATS)) {
                return;  // the server's own stats command reports the node; the EE adds a section
            }
            server.register(name, (args, reply) -> handler.handle(JSON.convertValue(args, ARGS))
                    .whenComplete((answer, failure) -> {
                        if (failure != null) {
                            reply.error(failure.toString());
                        } else if (Boolean.FALSE.equals(answer.get("ok"))) {
                            reply.error(String.valueOf(answer.get("error")));
                        } else {
                            reply.done(answer);
                        }
                    }));
        });
        server.addStatsSection("ee", ee::aaStats);
    }
}
