package org.fixbench.engine.philadelphia;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.Properties;
import java.util.function.Consumer;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.ReportListener;

/**
 * Many sessions ({@link EngineSetup#sessions()} above 1): one {@link PhiladelphiaClient} per session, each its own
 * connection and SenderCompID, logged on one after another; all driven by the sending thread. In {@link #poll()} it
 * asks one selector (epoll on Linux), without waiting, which connections have bytes and receives on those only; it
 * keeps every session alive once per millisecond, and idles (the profile's mode) when no connection had a byte.
 */
final class PhiladelphiaSessionsClient implements EngineClient {
    private final PhiladelphiaClient[] members;
    private final Runnable idle;
    private final Consumer<SelectionKey> onReady = key -> ((PhiladelphiaClient) key.attachment()).receive();
    private Selector selector;
    private long tickedMillis;

    PhiladelphiaSessionsClient(EngineSetup setup, Properties profile) {
        members = new PhiladelphiaClient[setup.sessions()];
        for (int i = 0; i < members.length; i++) {
            members[i] = PhiladelphiaClient.member(PhiladelphiaEngine.config(profile,
                    setup.forSession(i).clientCompId(), setup.serverCompId()), setup.flow());
        }
        idle = PhiladelphiaEngine.idle(profile);
    }

    @Override
    public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws Exception {
        for (int i = 0; i < members.length; i++) {
            try {
                members[i].connect(server, ReportListener.ofSession(listener, i), timeout);
            } catch (RuntimeException e) {
                throw new IllegalStateException("session " + (i + 1) + " of " + members.length + ": "
                        + e.getMessage(), e);
            }
        }
        selector = Selector.open();
        for (PhiladelphiaClient member : members) {
            member.channel().register(selector, SelectionKey.OP_READ, member);
        }
    }

    @Override
    public boolean receivesOnCallerThread() {
        return true;
    }

    @Override
    public boolean poll() {
        long now = System.currentTimeMillis();
        if (now != tickedMillis) {
            tickedMillis = now;
            for (PhiladelphiaClient member : members) {
                member.tick(now);
            }
        }
        boolean any;
        try {
            any = selector.selectNow(onReady) > 0;
        } catch (IOException e) {
            throw new UncheckedIOException("philadelphia: the selector failed: " + e.getMessage(), e);
        }
        if (!any) {
            idle.run();
        }
        return any;
    }

    @Override
    public void send(long clOrdId) {
        members[0].send(clOrdId);
    }

    @Override
    public void send(int session, long clOrdId) {
        members[session].send(clOrdId);
    }

    @Override
    public void close() throws Exception {
        Exception first = null;
        if (selector != null) {
            selector.close();
        }
        for (PhiladelphiaClient member : members) {
            try {
                member.close();
            } catch (Exception e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
