package org.aspen.vnet.auth;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.aspen.vnet.VAddr;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.node.PacketAuth;
import org.aspen.vnet.packet.DropReason;
import org.aspen.vnet.packet.Packet;

/**
 * Authenticated control for one node: HMAC-SHA256 trailers ({@link AuthTrailer}) with replay
 * protection on the message kinds that are registered as protected. One mechanism for every kind:
 * a kind is a name and a selector over packets; the layers that own a kind contribute its selector
 * (routing: {@link #ROUTING}; ACC, window notifications and code fetch: {@code org.aspen.ee.auth.ControlAuth}).
 *
 * <pre>{@code
 * NodeAuth auth = new NodeAuth(node.address(), keys, 1)
 *         .protect(NodeAuth.ROUTING, true, NodeAuth::isRouting);
 * node.setAuth(auth);
 * AuthCounts counters = auth.counts();   // per kind: signed, verified, unsigned, forged, replayed
 * }</pre>
 *
 * Sending: a packet of a protected kind is signed with the link key of the outgoing link (link-local
 * kinds only) or else with this node's own node key (the one key whose {@code nodes} name this node,
 * else a group key); with no usable key it goes out unsigned and is counted {@code unsignable}.
 * Receiving, at every node the packet reaches (so no diversion point on the way sees a forgery): a
 * packet of a protected kind without a trailer is dropped as {@code auth-unsigned}; one whose key is
 * unknown or unfit (a link key on the wrong link or on end-to-end control; a node key of another
 * signer) or whose MAC does not match, as {@code auth-forged}; one whose counter was seen before or is
 * more than {@link ReplayWindow#SIZE} below the signer's highest, as {@code auth-replayed}. Packets of
 * other kinds pass whether signed or not. Not thread-safe: it runs on the node's loop.
 *
 * Replay state is per (key, signer) and in memory: a signer's counter starts at {@code firstCounter}
 * (the real node host derives it from wall time so it grows across restarts); a receiver that restarts
 * accepts any counter once from each signer.
 */
public final class NodeAuth implements PacketAuth {
    public static final String ROUTING = "routing";
    /**
     * At most this many (key, signer) replay windows (128 bytes of bitmap each, 512 KiB in all). Windows are made only after a MAC matched, so only a holder of a group key
     * (one without {@code nodes}) could claim many signers; past the cap new signers are refused.
     */
    static final int MAX_WINDOWS = 4096;

    private final int self;
    private final Map<Integer, AuthKey> keys = new HashMap<>();
    private final Map<Integer, Mac> macs = new HashMap<>();
    private final Map<String, Integer> linkKeys = new HashMap<>();
    private final List<Kind> kinds = new ArrayList<>();
    private final Map<Long, ReplayWindow> windows = new HashMap<>();
    private final int nodeKey;
    private long counter;

    /**
     * @param self         this node's address (the signer field of what it signs)
     * @param keyring      every key this node knows
     * @param firstCounter the first counter this node signs with (at least 1)
     */
    public NodeAuth(VAddr self, List<AuthKey> keyring, long firstCounter) {
        this.self = self.value();
        this.counter = Math.max(1, firstCounter);
        int own = 0;
        int group = 0;
        for (AuthKey k : keyring) {
            if (keys.put(k.id(), k) != null) {
                throw new IllegalArgumentException("key id " + k.id() + " appears twice");
            }
            if (k.isLinkKey()) {
                for (String l : k.links()) {
                    linkKeys.putIfAbsent(l, k.id());
                }
            } else if (k.nodes().contains(self)) {
                if (own != 0) {
                    throw new IllegalArgumentException("node " + self + " has two node keys (" + own + " and " + k.id() + ")");
                }
                own = k.id();
            } else if (k.nodes().isEmpty() && group == 0) {
                group = k.id();
            }
        }
        this.nodeKey = own != 0 ? own : group;
    }

    /**
     * Protects the packets {@code selector} picks, counted under {@code kind}. Kinds are tried in the
     * order registered.
     *
     * @param linkLocal true for messages that only cross one link (routing): link keys may sign them
     */
    public NodeAuth protect(String kind, boolean linkLocal, Predicate<Packet> selector) {
        kinds.add(new Kind(kind, linkLocal, selector));
        return this;
    }

    /** Installs this as {@code node}'s authentication hook and returns it. */
    public NodeAuth installOn(Node node) {
        node.setAuth(this);
        return this;
    }

    /** Hellos, link-state adverts and their acks (protocol 0, types 1-3). */
    public static boolean isRouting(Packet p) {
        if (p.protocol() != org.aspen.vnet.packet.Protocol.CONTROL || p.payloadLength() < 1) {
            return false;
        }
        int type = p.array()[p.payloadOffset()] & 0xff;
        return type >= org.aspen.vnet.control.ControlCodec.HELLO && type <= org.aspen.vnet.control.ControlCodec.LSA_ACK;
    }

    /** The id of the key this node signs end-to-end control with, or 0 when it has none. */
    public int nodeKey() {
        return nodeKey;
    }

    @Override
    public Packet outgoing(Packet p, Link on) {
        Kind k = classify(p);
        if (k == null || p.hasAuthTrailer()) {
            return p;
        }
        Integer keyId = k.linkLocal && on != null ? linkKeys.get(on.name()) : null;
        int id = keyId != null ? keyId : nodeKey;
        if (id == 0) {
            k.unsignable++;
            return p;
        }
        k.signed++;
        return sign(p, id, counter++);
    }

    /** {@code p} with a trailer signed by key {@code keyId} and {@code ctr}; this node is the signer. */
    Packet sign(Packet p, int keyId, long ctr) {
        byte[] plain = p.frame();
        byte[] f = java.util.Arrays.copyOf(plain, plain.length + AuthTrailer.LENGTH);
        f[Packet.FLAGS_OFFSET] |= Packet.FLAG_AUTH;
        AuthTrailer.writeHead(f, plain.length, keyId, self, ctr);
        byte[] mac = mac(keyId, f, plain.length);
        System.arraycopy(mac, 0, f, plain.length + AuthTrailer.MAC_OFFSET, AuthTrailer.MAC_LENGTH);
        int crc = Packet.computeChecksum(f, 0, f.length);
        for (int i = 0; i < 4; i++) {
            f[Packet.CHECKSUM_OFFSET + i] = (byte) (crc >>> (24 - 8 * i));
        }
        return Packet.wrapValidated(f);
    }

    @Override
    public DropReason incoming(Packet p, Link from) {
        Kind k = classify(p);
        if (k == null) {
            return null;
        }
        if (!p.hasAuthTrailer()) {
            k.unsigned++;
            return DropReason.AUTH_UNSIGNED;
        }
        byte[] f = p.array();
        int off = p.trailerOffset();
        AuthTrailer t = AuthTrailer.parse(f, off);
        AuthKey key = t == null ? null : keys.get(t.keyId());
        if (key == null || !fits(key, k, from, t.signer())) {
            k.forged++;
            return DropReason.AUTH_FORGED;
        }
        byte[] expected = mac(key.id(), f, off);
        byte[] got = java.util.Arrays.copyOfRange(f, off + AuthTrailer.MAC_OFFSET, off + AuthTrailer.MAC_OFFSET + AuthTrailer.MAC_LENGTH);
        if (!MessageDigest.isEqual(expected, got)) {
            k.forged++;
            return DropReason.AUTH_FORGED;
        }
        long windowKey = ((long) key.id() << 32) | (t.signer() & 0xffffffffL);
        ReplayWindow w = windows.get(windowKey);
        if (w == null) {
            if (windows.size() >= MAX_WINDOWS) {
                k.forged++;   // a group-key holder claiming ever new signers: refuse rather than grow
                return DropReason.AUTH_FORGED;
            }
            w = new ReplayWindow();
            windows.put(windowKey, w);
        }
        if (!w.check(t.counter())) {
            k.replayed++;
            return DropReason.AUTH_REPLAYED;
        }
        w.accept(t.counter());
        k.verified++;
        return null;
    }

    private static boolean fits(AuthKey key, Kind k, Link from, int signer) {
        if (key.isLinkKey()) {
            return k.linkLocal && from != null && key.links().contains(from.name());
        }
        return key.nodes().isEmpty() || key.nodes().contains(VAddr.of(signer));
    }

    private Kind classify(Packet p) {
        for (Kind k : kinds) {
            if (k.selector.test(p)) {
                return k;
            }
        }
        return null;
    }

    private byte[] mac(int keyId, byte[] frame, int trailerOff) {
        Mac m = macs.computeIfAbsent(keyId, id -> {
            try {
                Mac x = Mac.getInstance("HmacSHA256");
                x.init(new SecretKeySpec(keys.get(id).secret(), "HmacSHA256"));
                return x;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HmacSHA256 unavailable", e);   // every Java 17 runtime has it
            }
        });
        AuthTrailer.macInput(frame, trailerOff, m::update);
        return java.util.Arrays.copyOf(m.doFinal(), AuthTrailer.MAC_LENGTH);
    }

    /** Per kind, in registration order: signed, unsignable, verified, unsigned, forged, replayed. */
    public AuthCounts counts() {
        Map<String, AuthCounts.Kind> m = new LinkedHashMap<>();
        for (Kind k : kinds) {
            m.put(k.name, new AuthCounts.Kind(k.signed, k.unsignable, k.verified, k.unsigned, k.forged, k.replayed));
        }
        return new AuthCounts(nodeKey, m);
    }

    private static final class Kind {
        final String name;
        final boolean linkLocal;
        final Predicate<Packet> selector;
        long signed;
        long unsignable;
        long verified;
        long unsigned;
        long forged;
        long replayed;

        Kind(String name, boolean linkLocal, Predicate<Packet> selector) {
            this.name = name;
            this.linkLocal = linkLocal;
            this.selector = selector;
        }
    }
}
