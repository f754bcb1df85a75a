package org.aspen.vnet.auth;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A node's authentication counters at a moment: the {@code auth} section of a node's {@code stats}
 * reply and a lab report node's {@code auth}. In JSON, {@code nodeKey} and then one object per
 * message kind, keyed by the kind's name, in registration order (the kinds are properties of their
 * own, as they have always been written).
 *
 * <pre>{@code
 * AuthCounts a = nodeAuth.counts();
 * long forged = a.kind("routing").forged();
 * }</pre>
 */
public record AuthCounts(int nodeKey, @JsonIgnore Map<String, Kind> kinds) {
    public AuthCounts {
        kinds = kinds == null ? new LinkedHashMap<>() : kinds;
    }

    /** One message kind's counts: signed, unsignable, verified, unsigned, forged, replayed. */
    public record Kind(long signed, long unsignable, long verified, long unsigned, long forged, long replayed) {
        static final Kind NONE = new Kind(0, 0, 0, 0, 0, 0);
    }

    /** The counts of kind {@code name}; all 0 for a kind the node does not protect. */
    public Kind kind(String name) {
        return kinds.getOrDefault(name, Kind.NONE);
    }

    /** The kinds as JSON properties after {@code nodeKey}. */
    @JsonAnyGetter
    Map<String, Kind> kindProperties() {
        return kinds;
    }

    /** Reading: every property but {@code nodeKey} is a kind. */
    @JsonAnySetter
    void kindProperty(String name, Kind counts) {
        kinds.put(name, counts);
    }
}
