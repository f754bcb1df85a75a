package org.aspen.ee.mgmt;

/**
 * Where management commands are registered: the node's control endpoint binds this (the EE does
 * not depend on the endpoint's classes).
 *
 * <pre>{@code
 * EeCommands.register(ee, controlServer::register);
 * }</pre>
 */
@FunctionalInterface
public interface CommandRegistry {
    void register(String command, EeCommandHandler handler);
}
