package org.aspen.ee;

/**
 * A clear, one-line refusal from the EE: a malformed jar, untrusted code, a digest mismatch, an AA
 * that failed to start. The message is meant for the person or node that asked.
 *
 * <pre>{@code
 * try { ee.startAa(jar, Map.of()); } catch (AaException e) { reply(e.getMessage()); }
 * }</pre>
 */
public final class AaException extends RuntimeException {
    public AaException(String message) {
        super(message);
    }

    public AaException(String message, Throwable cause) {
        super(message, cause);
    }
}
