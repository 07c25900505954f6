package org.fixbench.engine.sbe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.function.Consumer;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SystemEpochClock;
import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.ReportListener;
import org.fixbench.fix.session.SessionConfig;

/**
 * Many sessions ({@link EngineSetup#sessions()} above 1): one {@link SbeClient} per session, each its own connection
 * and SenderCompID, with its share of the profile's store bounds, logged on one after another; all driven by the
 * sending thread. In {@link #poll()} it asks one selector (epoll on Linux), without waiting, which connections have
 * bytes and polls those sessions only; it runs every session's timers once per millisecond, and idles (the
 * profile's strategy) when no connection had a byte.
 */
final class SbeSessionsClient implements EngineClient {
    private final SbeClient[] members;
    private final IdleStrategy idle;
    private final Consumer<SelectionKey> onReady = this::onReady;
    private Selector selector;
    private long nowMillis;
    private long tickedMillis;
    private final int bufferBytes;

    SbeSessionsClient(EngineSetup setup, SessionConfig config) {
        members = new SbeClient[setup.sessions()];
        SessionConfig shared = config.storeSharedBy(members.length);
        for (int i = 0; i < members.length; i++) {
            SessionConfig member = shared.withCompIds(setup.forSession(i).clientCompId(), config.targetCompId());
            members[i] = new SbeClient(member, setup.flow(), () -> SbeEngine.record(setup, member));
        }
        idle = SessionConfig.idleStrategy(config.idle());
        bufferBytes = config.bufferBytes();
    }

    @Override
    public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws Exception {
        for (int i = 0; i < members.length; i++) {
            try {
                members[i].connect(server, ReportListener.ofSession(listener, i), timeout);
            } catch (OutOfMemoryError e) {
                int held = i;
                java.util.Arrays.fill(members, i, members.length, null);
                throw new IllegalStateException(SbeEngine.memoryRefusal(members.length, held, bufferBytes));
            } catch (RuntimeException | IOException e) {
                throw new IllegalStateException("session " + (i + 1) + " of " + members.length + ": "
                        + e.getMessage(), e);
            }
        }
        selector = Selector.open();
        for (SbeClient member : members) {
            member.channel().register(selector, SelectionKey.OP_READ, member);
        }
    }

    @Override
    public boolean receivesOnCallerThread() {
        return true;
    }

    @Override
    public boolean poll() {
        long now = SystemEpochClock.INSTANCE.time();
        nowMillis = now;
        boolean any;
        try {
            any = selector.selectNow(onReady) > 0;
        } catch (IOException e) {
            throw new UncheckedIOException("sbe: the selector failed: " + e.getMessage(), e);
        }
        if (now != tickedMillis) {
            tickedMillis = now;
            for (SbeClient member : members) {
                member.session().tick(now);
            }
        }
        idle.idle(any ? 1 : 0);
        return any;
    }

    private void onReady(SelectionKey key) {
        ((SbeClient) key.attachment()).session().poll(nowMillis);
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
        if (selector != null) {
            selector.close();
        }
        RuntimeException first = null;
        for (SbeClient member : members) {
            try {
                member.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
