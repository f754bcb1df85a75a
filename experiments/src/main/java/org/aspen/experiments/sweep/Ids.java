package org.aspen.experiments.sweep;

import java.util.function.Function;

/**
 * Looking up an experiment's constant (a config, a placement) by the id it has on the command line
 * and in the files.
 *
 * <pre>{@code
 * public static Config byId(String id) { return Ids.byId(values(), Config::id, id); }
 * }</pre>
 */
public final class Ids {
    private Ids() {
    }

    /** The first of {@code values} whose id is {@code id}, or null. */
    public static <E> E byId(E[] values, Function<E, String> idOf, String id) {
        for (E e : values) {
            if (idOf.apply(e).equals(id)) {
                return e;
            }
        }
        return null;
    }
}
