package org.aspen.flakeway;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.aspen.ee.api.AaContext;
import org.aspen.ee.api.AaMessage;
import org.aspen.ee.api.ActiveApplication;

/**
 * A test AA that, when started, sends each {@code msg.N} parameter (in N order) to the AA named by
 * {@code to}, and counts the replies that start with "ok" and with "error".
 */
public final class Messenger implements ActiveApplication {
    private AaContext ctx;

    @Override
    public void start(AaContext context, Map<String, String> params) {
        ctx = context;
        for (Map.Entry<String, String> e : new TreeMap<>(params).entrySet()) {
            if (e.getKey().startsWith("msg.")) {
                ctx.sendMessage(params.get("to"), e.getValue().getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    @Override
    public void onMessage(AaMessage m) {
        String text = new String(m.body(), StandardCharsets.UTF_8);
        ctx.counter(text.startsWith("ok") ? "ok" : "error").increment();
        ctx.log().info("reply: {}", text);
    }
}
