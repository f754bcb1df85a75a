package org.aspen.aatest;

import org.aspen.ee.AaInstance;

/** An AA started by {@link AaSimulation#deploy}: its identity, state and own counters. */
public final class DeployedAa {
    private final AaInstance instance;

    DeployedAa(AaInstance instance) {
        this.instance = instance;
    }

    /** {@code name@version}, from the jar's manifest. */
    public String id() {
        return instance.id();
    }

    /** The SHA-256 of the jar, as {@code aspen deploy} and {@code aspen aa list} print it. */
    public String digest() {
        return instance.code().digestHex();
    }

    public boolean running() {
        return instance.isRunning();
    }

    /** Why the EE stopped it (e.g. a handler over its time budget), or null while it runs. */
    public String stopReason() {
        return instance.stopReason();
    }

    /** The value of the AA's counter {@code name} ({@code ctx.counter(name)}), 0 if never used. */
    public long counter(String name) {
        return instance.metrics().getOrDefault(name, 0L);
    }
}
