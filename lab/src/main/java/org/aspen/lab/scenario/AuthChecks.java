package org.aspen.lab.scenario;

import java.util.HashSet;
import java.util.Set;
import org.aspen.ee.auth.ControlAuth;
import org.aspen.vnet.auth.AuthKey;

/**
 * The {@code auth} block's checks, part of {@link ScenarioCheck}, without reading key files (their
 * paths are relative to the scenario and read when a node starts): ids, inline secrets, the nodes and
 * links keys name, the protected kinds.
 */
final class AuthChecks {
    private AuthChecks() {
    }

    static void check(ScenarioCheck c) {
        Scenario s = c.scenario();
        Scenario.AuthSpec a = s.auth();
        if (a == null) {
            return;
        }
        Set<Integer> ids = new HashSet<>();
        Set<String> ownKey = new HashSet<>();
        for (int i = 0; i < a.keys().size(); i++) {
            Scenario.KeySpec k = a.keys().get(i);
            String p = "auth.keys[" + i + "]";
            if (k == null) {
                throw c.fail(p, "empty entry");
            }
            if (k.id() == null || k.id() < 1 || k.id() > 0xffff) {
                throw c.fail(p + ".id", "give a key id 1-65535");
            }
            if (!ids.add(k.id())) {
                throw c.fail(p + ".id", "key id " + k.id() + " appears twice");
            }
            if (k.secret() == null || !(k.secret().startsWith("file:") && k.secret().length() > 5)) {
                try {
                    new AuthKey(k.id(), AuthKey.secret(k.secret(), null), Set.of(), Set.of());
                } catch (IllegalArgumentException e) {
                    throw c.fail(p + ".secret", e.getMessage());
                }
            }
            if (!k.nodes().isEmpty() && !k.links().isEmpty()) {
                throw c.fail(p, "a key is a node key (nodes) or a link key (links), not both");
            }
            for (String n : k.nodes()) {
                if (s.node(n) == null) {
                    throw c.fail(p + ".nodes", "no node named '" + n + "'");
                }
                if (k.nodes().size() == 1 && !ownKey.add(n)) {
                    throw c.fail(p + ".nodes", "node '" + n + "' already has a key of its own");
                }
            }
            for (String l : k.links()) {
                if (!c.hasLink(l)) {
                    throw c.fail(p + ".links", "no link named '" + l + "'");
                }
            }
        }
        if (a.protect() != null) {
            for (String kind : a.protect()) {
                if (!ControlAuth.ALL.contains(kind)) {
                    throw c.fail("auth.protect", "unknown kind '" + kind + "' (known: " + String.join(", ", ControlAuth.ALL) + ")");
                }
            }
        }
    }
}
