package org.aspen.vnet.mgmt;

import java.io.IOException;

/** The control endpoint answered a request with an error line; the message is the server's. */
public final class ControlException extends IOException {
    public ControlException(String message) {
        super(message);
    }
}
