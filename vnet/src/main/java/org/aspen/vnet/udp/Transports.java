package org.aspen.vnet.udp;

import io.netty.channel.ChannelFactory;
import io.netty.channel.EventLoop;
import io.netty.channel.IoEventLoop;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.SocketProtocolFamily;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.Inet4Address;
import java.net.InetSocketAddress;
import java.nio.channels.spi.SelectorProvider;

/**
 * Picks Netty's native epoll transport where the OS has it and NIO otherwise, and the channel
 * classes that match a given loop.
 *
 * <pre>{@code
 * boolean epoll = Transports.useEpoll(false);
 * EventLoopGroup g = new MultiThreadIoEventLoopGroup(n, Transports.ioHandlerFactory(epoll));
 * }</pre>
 */
public final class Transports {
    private Transports() {
    }

    public static boolean useEpoll(boolean forceNio) {
        return !forceNio && Epoll.isAvailable();
    }

    public static IoHandlerFactory ioHandlerFactory(boolean epoll) {
        return epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    public static Class<? extends DatagramChannel> datagramChannel(boolean epoll) {
        return epoll ? EpollDatagramChannel.class : NioDatagramChannel.class;
    }

    /** True when {@code loop} is driven by epoll (so epoll channel classes must be used on it). */
    public static boolean isEpoll(EventLoop loop) {
        return loop instanceof IoEventLoop io && io.isIoType(EpollIoHandler.class);
    }

    public static Class<? extends ServerChannel> serverChannel(EventLoop loop) {
        return isEpoll(loop) ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    /**
     * Makes the listening channel for {@code bind} on {@code loop}: an IPv4 socket for an IPv4
     * address, so that {@code 0.0.0.0} listens on IPv4 only (a dual-stack socket bound to it would
     * take IPv6 connections too, past an IPv4-only firewall); {@code [::]} is the explicit IPv6 (and
     * dual-stack) wildcard.
     */
    public static ChannelFactory<ServerChannel> serverChannelFactory(EventLoop loop, InetSocketAddress bind) {
        boolean v4 = bind.getAddress() instanceof Inet4Address;
        boolean epoll = isEpoll(loop);
        if (!v4) {
            return epoll ? EpollServerSocketChannel::new : NioServerSocketChannel::new;
        }
        return epoll ? () -> new EpollServerSocketChannel(SocketProtocolFamily.INET)
                : () -> new NioServerSocketChannel(SelectorProvider.provider(), SocketProtocolFamily.INET);
    }
}
