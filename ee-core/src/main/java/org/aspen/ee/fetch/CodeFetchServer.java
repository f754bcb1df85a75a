package org.aspen.ee.fetch;

import org.aspen.ee.AaCode;
import org.aspen.ee.CodeCache;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server side of the code-fetch protocol: answers each request from the node's code cache
 * (which holds only code this node admitted), or with a refusal that says why.
 *
 * <pre>{@code
 * CodeFetchServer.serve(transport, ee.cache(), node.name());
 * }</pre>
 */
public final class CodeFetchServer {
    private static final Logger log = LoggerFactory.getLogger(CodeFetchServer.class);

    private CodeFetchServer() {
    }

    public static void serve(StreamTransport transport, CodeCache cache, String nodeName) {
        transport.listen(stream -> new StreamListener() {
            private final CodeFetchCodec.Buffer in = new CodeFetchCodec.Buffer();
            private boolean answered;

            @Override
            public void onData(ByteStream s, byte[] chunk) {
                if (answered) {
                    return;
                }
                in.append(chunk);
                CodeFetchCodec.Request r = in.request();
                if (r == null) {
                    return;
                }
                answered = true;
                if (r.malformed() != null) {
                    s.write(CodeFetchCodec.refused("malformed request: " + r.malformed()));
                } else {
                    AaCode code = cache.get(AaCode.hex(r.digest()));
                    if (code == null) {
                        s.write(CodeFetchCodec.refused("node " + nodeName + " has no code with digest " + AaCode.hex(r.digest())));
                    } else {
                        log.debug("{}: serving {} to {}", nodeName, code, s.peer());
                        s.write(CodeFetchCodec.code(code.jar(), code.signature()));
                    }
                }
                s.close();
            }

            @Override
            public void onClosed(ByteStream s, String error) {
            }
        });
    }
}
