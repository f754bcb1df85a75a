package org.aspen.ee;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;
import org.aspen.ee.api.AaContext;
import org.aspen.ee.api.AaCounter;
import org.aspen.ee.api.AaLog;
import org.aspen.ee.api.AaPacket;
import org.aspen.ee.api.Address;
import org.aspen.ee.api.CongestionEvent;
import org.aspen.ee.api.DiversionChannel;
import org.aspen.ee.api.LinkStatus;
import org.aspen.ee.api.Match;
import org.aspen.ee.api.PacketBuilder;
import org.aspen.ee.api.Registration;
import org.aspen.ee.api.Timer;
import org.aspen.vnet.link.Link;
import org.aspen.vnet.node.Node;
import org.aspen.vnet.packet.Packet;
import org.aspen.vnet.routing.Route;
import org.aspen.vnet.time.Cancellable;

/**
 * The EE's {@link AaContext} for one AA instance: every PPI call lands here and is answered from
 * the node, on the node's loop.
 *
 * <pre>{@code
 * HostContext ctx = new HostContext(ee, instance, node.random().split());
 * }</pre>
 */
final class HostContext implements AaContext {
    private final ExecutionEnvironment ee;
    private final AaInstance owner;
    private final Node node;
    private final SplittableRandom random;
    private final AaLogger log;

    HostContext(ExecutionEnvironment ee, AaInstance owner, SplittableRandom random) {
        this.ee = ee;
        this.owner = owner;
        this.node = ee.node();
        this.random = random;
        this.log = new AaLogger(node.name(), owner.code(), node.scheduler());
    }

    @Override
    public String nodeName() {
        return node.name();
    }

    @Override
    public Address nodeAddress() {
        return PacketView.addr(node.address());
    }

    @Override
    public String aaName() {
        return owner.name();
    }

    @Override
    public String aaVersion() {
        return owner.version();
    }

    @Override
    public List<Address> neighbours() {
        List<Address> out = new ArrayList<>();
        for (Link l : node.links()) {
            if (l.isUp() && !l.peer().isUnspecified()) {
                out.add(PacketView.addr(l.peer()));
            }
        }
        return out;
    }

    @Override
    public Address nextHop(Address destination) {
        Route r = node.routes().lookup(destination.value());
        return r == null ? null : PacketView.addr(r.nextHop());
    }

    @Override
    public List<LinkStatus> links() {
        List<LinkStatus> out = new ArrayList<>();
        for (Link l : node.links()) {
            out.add(CongestionFeed.status(l));
        }
        return out;
    }

    @Override
    public long nanos() {
        return node.scheduler().nanos();
    }

    /**
     * The context changes node state, so only the AA's own handlers (on the node's loop, while the
     * AA runs) may use it: not a thread the AA started, not after it stopped.
     */
    private void checkActive() {
        checkActive(false);
    }

    /** @param sending sends are allowed from {@code stop()} too (a last notice), registrations are not */
    private void checkActive(boolean sending) {
        if (!owner.isActive() && !(sending && owner.state() == AaInstance.State.STOPPING)) {
            throw new IllegalStateException("AA " + owner.id() + " is " + owner.state().name().toLowerCase());
        }
        if (!node.scheduler().inLoop()) {
            throw new IllegalStateException("AA " + owner.id() + ": use the context from its handlers only (the node's loop)");
        }
    }

    @Override
    public Timer schedule(long delayNanos, Runnable task) {
        checkActive();
        HostTimer t = new HostTimer();
        t.task = task;
        owner.addTimer(t);
        t.handle = node.scheduler().schedule(delayNanos, () -> {
            owner.removeTimer(t);
            owner.counters().timers++;
            owner.invoke("timer", task::run);
        });
        return t;
    }

    @Override
    public RandomGenerator random() {
        return random;
    }

    @Override
    public PacketBuilder newPacket() {
        return new HostPacketBuilder(Packet.builder().source(node.address()).ttl(node.config().defaultTtl()));
    }

    @Override
    public boolean send(AaPacket packet) {
        if (!(packet instanceof PacketView v)) {
            throw new IllegalArgumentException("send packets built with newPacket() or received from the EE");
        }
        checkActive(true);
        owner.counters().sent++;
        Packet p = v.channel == null ? v.packet : v.packet.copy();
        if (p.hasAaSpec() && p.destinationBits() == node.address().value()) {
            ee.onDemand().deliver(p, null);  // node.send would skip the EE: an AA starting another AA here
            return true;
        }
        return node.send(p);
    }

    @Override
    public DiversionChannel divert(Match match, DiversionChannel.Handler handler) {
        checkActive();
        return ee.diversions().open(owner, match, handler);
    }

    @Override
    public Registration onCongestion(Consumer<CongestionEvent> listener) {
        checkActive();
        Registration r = ee.congestion().register(owner, listener);
        owner.addRegistration(r);
        return r;
    }

    @Override
    public boolean setFragmentSize(String link, int maxFrameBytes) {
        checkActive();
        Link l = node.link(link);
        if (l == null) {
            return false;
        }
        l.setFragmentSize(maxFrameBytes);
        return true;
    }

    @Override
    public boolean sendMessage(String aaName, byte[] body) {
        checkActive(true);
        return ee.messages().deliverLocal(node.address(), owner.name(), aaName, body.clone());
    }

    @Override
    public boolean sendMessage(Address nodeAddress, String aaName, byte[] body) {
        checkActive(true);
        if (nodeAddress.value() == node.address().value()) {
            return sendMessage(aaName, body);
        }
        return ee.messages().sendRemote(PacketView.vaddr(nodeAddress), owner.name(), aaName, body);
    }

    @Override
    public AaPacket.Spec findCode(String aaName) {
        AaPacket.Spec found = null;
        for (AaCode c : ee.cache().all()) {
            if (c.name().equals(aaName)) {
                found = new AaPacket.Spec(c.name(), c.version(), c.digestHex());
            }
        }
        return found;
    }

    @Override
    public AaCounter counter(String name) {
        return owner.metric(name);
    }

    @Override
    public AaLog log() {
        return log;
    }

    /** The same log, with the lines it keeps for {@code aa.logs}. */
    AaLogger logger() {
        return log;
    }

    /** A timer the AA scheduled; cancelled with the AA. */
    final class HostTimer implements Timer {
        Cancellable handle = Cancellable.NONE;
        /** The AA's task: one of the roots its memory is counted from. */
        Runnable task;
        private boolean cancelled;

        @Override
        public void cancel() {
            cancelled = true;
            handle.cancel();
            owner.removeTimer(this);
        }

        @Override
        public boolean isCancelled() {
            return cancelled;
        }
    }
}
