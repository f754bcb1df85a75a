package org.aspen.ee;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The node's code cache: AA jars keyed by their SHA-256 digest (hex). Only code the trust policy
 * accepted is put here, so anything in it may be started and served to other nodes.
 *
 * <pre>{@code
 * cache.put(code);
 * AaCode c = cache.get(spec.digestHex());
 * }</pre>
 *
 * In memory, oldest evicted first when {@code maxEntries} is reached. Runs on the node's loop.
 */
public final class CodeCache {
    private final int maxEntries;
    private final Map<String, AaCode> byDigest = new LinkedHashMap<>();

    public CodeCache(int maxEntries) {
        this.maxEntries = maxEntries;
    }

    public void put(AaCode code) {
        byDigest.remove(code.digestHex());
        byDigest.put(code.digestHex(), code);
        while (byDigest.size() > maxEntries) {
            byDigest.remove(byDigest.keySet().iterator().next());
        }
    }

    /** The code with this digest (64 hex digits), or null. */
    public AaCode get(String digestHex) {
        return byDigest.get(digestHex.toLowerCase());
    }

    public boolean contains(String digestHex) {
        return get(digestHex) != null;
    }

    public List<AaCode> all() {
        return new ArrayList<>(byDigest.values());
    }
}
