package org.aspen.flakeway;

import java.util.Map;

/**
 * Run-time control of one node's flakeway, whichever way it runs there (the node-level
 * {@link FlakewayInterceptor} or the {@link FlakewayAa} in the node's EE); what
 * {@link FlakewayCommands} and the lab drive.
 *
 * <pre>{@code
 * FlakewayControl fw = FlakewayAas.start(ee, List.of());
 * fw.set(RuleSpecs.parse("name wan; delay 20ms"));
 * fw.show();            // rule name -> spec, buffer, counters
 * fw.clear("wan");
 * }</pre>
 *
 * Call it on the node's loop. Errors are {@link IllegalArgumentException}s with one line.
 */
public interface FlakewayControl {
    /** Adds a rule, or changes the rule of that name in place. */
    void set(RuleSpec rule);

    /** Removes a rule; false when there was none of that name. */
    boolean clear(String name);

    /** Removes every rule; returns how many there were. */
    int clearAll();

    /** Each rule's text form, buffer size and counters, in rule order. */
    Map<String, Object> show();
}
