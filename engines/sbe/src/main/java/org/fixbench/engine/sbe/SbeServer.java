package org.fixbench.engine.sbe;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SystemEpochClock;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.sbe.app.EchoApplication;
import org.fixbench.engine.sbe.app.ReportApplication;
import org.fixbench.fix.session.Counterparties;
import org.fixbench.fix.session.EndReason;
import org.fixbench.fix.session.FixSession;
import org.fixbench.fix.session.SessionConfig;
import org.fixbench.fix.session.SessionRecord;
import org.fixbench.fix.session.SessionState;

/**
 * The acceptor. One thread accepts connections (blocking, so it costs nothing while none come) and hands them to
 * the session thread. Serving one session, that thread polls every live connection in turn (then the profile's idle
 * strategy when nothing arrived). Serving many ({@link EngineSetup#sessions()} above 1, one per client identity),
 * it asks one selector (epoll on Linux), without waiting, which connections have bytes and polls those, and runs
 * every connection's timers once per millisecond. Each connection is its own {@link FixSession}; the session it
 * speaks for (by CompIDs: the Logon's SenderCompID picks one of the identities) lives in a {@link SessionRecord},
 * one per identity, made at start (the profile's store bounds shared among them), that a connection takes only when
 * its Logon passes every check, and only while no other connection holds it. At most the profile's
 * {@code maxConnections} (and never fewer than the sessions) connections are served at
 * once: a new one beyond them takes the slot of the oldest connection that has not logged on (which is closed), and is
 * refused only when every slot is held by a logged-on session. A connection's slot is free the moment its peer
 * closes it or its logon timeout passes, so nobody who can open sockets can lock the session out. If either thread
 * dies, {@link #failure()} says why.
 */
final class SbeServer implements EngineServer {
    private final EngineSetup setup;
    private final SessionConfig config;
    private final IdleStrategy idle;
    private final ConcurrentLinkedQueue<SocketChannel> accepted = new ConcurrentLinkedQueue<>();
    /** Connections accepted and not yet taken by the session thread (bounded: a flood waits in the kernel). */
    private final AtomicInteger pending = new AtomicInteger();
    /** The identities served (the clients' SenderCompIDs), when more than one; null for one. */
    private final Counterparties counterparties;
    private final Map<String, SessionRecord> records = new HashMap<>();
    private final Map<String, FixSession> holders = new HashMap<>();
    private final int maxConnections;
    private final Consumer<SelectionKey> onReady = this::onReady;
    private long readyMillis;
    private ServerSocketChannel acceptor;
    private Thread acceptThread;
    private Thread sessionThread;
    private volatile boolean stopping;
    private volatile String failure;

    SbeServer(EngineSetup setup, SessionConfig config) {
        this.setup = setup;
        this.config = config;
        this.idle = SessionConfig.idleStrategy(config.idle());
        int n = setup.sessions();
        List<String> identities = n == 1 ? List.of(config.targetCompId()) : setup.clientCompIds();
        this.counterparties = n == 1 ? null : new Counterparties(identities);
        this.maxConnections = Math.max(config.maxConnections(), n);
        SessionConfig shared = config.storeSharedBy(n);
        for (String identity : identities) {
            records.put(identity, SbeEngine.record(setup, shared.withCompIds(config.senderCompId(), identity)));
        }
    }

    @Override
    public InetSocketAddress start() throws IOException {
        acceptor = setup.openAcceptor();
        sessionThread = new Thread(() -> guarded("session thread", this::serve), "sbe-server");
        sessionThread.setDaemon(true);
        sessionThread.start();
        acceptThread = new Thread(() -> guarded("accept thread", this::acceptLoop), "sbe-acceptor");
        acceptThread.setDaemon(true);
        acceptThread.start();
        return (InetSocketAddress) acceptor.getLocalAddress();
    }

    /** The listening socket (for a test that takes it away). */
    ServerSocketChannel listeningSocket() {
        return acceptor;
    }

    @Override
    public String failure() {
        return failure;
    }

    private void guarded(String name, Runnable body) {
        try {
            body.run();
        } catch (Throwable e) {
            if (!stopping) {
                failure = "the sbe server's " + name + " died: " + e;
                System.err.println("[sbe server] " + failure);
            }
        }
    }

    private void acceptLoop() {
        while (!stopping) {
            SocketChannel c;
            try {
                c = acceptor.accept();
            } catch (ClosedChannelException e) {
                if (!stopping) {
                    failure = "the sbe server's listening socket was closed";
                }
                return;
            } catch (IOException e) {
                // e.g. too many open files: this connection is lost, the server goes on
                System.err.println("[sbe server] accept failed: " + e.getMessage() + "; accepting again");
                sleepQuietly(100);
                continue;
            }
            try {
                c.setOption(StandardSocketOptions.TCP_NODELAY, true);
                c.configureBlocking(false);
            } catch (IOException e) {
                closeQuietly(c);
                continue;
            }
            accepted.add(c);
            pending.incrementAndGet();
            while (pending.get() > maxConnections && !stopping) {
                sleepQuietly(1); // the session thread takes them; more wait in the kernel's backlog meanwhile
            }
        }
    }

    private void serve() {
        setup.pinCurrentThread("server");
        FixSession.Application application = EngineSetup.ECHO.equals(setup.application())
                ? new EchoApplication(config.dictionary(), config.rememberedClOrdIds(),
                        config.rememberedClOrdIdBytes())
                : new ReportApplication(config, setup.hooks());
        FixSession.Binder binder = new FixSession.Binder() {
            @Override
            public SessionRecord claim(FixSession session) {
                String who = session.counterpartyCompId();
                FixSession holder = holders.get(who);
                if (holder != null && holder != session && holder.state() != SessionState.ENDED) {
                    return null;
                }
                holders.put(who, session);
                return records.get(who);
            }

            @Override
            public void release(FixSession session, SessionRecord r) {
                holders.remove(session.counterpartyCompId(), session);
            }

            @Override
            public Counterparties counterparties() {
                return counterparties;
            }
        };
        List<FixSession> sessions = new ArrayList<>();
        Selector selector = null;
        try {
            selector = counterparties == null ? null : Selector.open();
            long tickedMillis = 0;
            while (!stopping) {
                take(sessions, application, binder, selector);
                boolean work = false;
                long now = SystemEpochClock.INSTANCE.time();
                if (selector == null) {
                    for (int i = 0; i < sessions.size(); i++) {
                        FixSession s = sessions.get(i);
                        work |= s.poll(i == 0 ? now : SystemEpochClock.INSTANCE.time());
                        if (s.state() == SessionState.ENDED) {
                            sessions.remove(i--);
                        }
                    }
                } else {
                    readyMillis = now;
                    work = selector.selectNow(onReady) > 0;
                    if (now != tickedMillis) {
                        tickedMillis = now;
                        for (int i = 0; i < sessions.size(); i++) {
                            FixSession s = sessions.get(i);
                            s.tick(now);
                            if (s.state() == SessionState.ENDED) {
                                sessions.remove(i--);
                            } else if (!s.repliesFull() && s.attachment() instanceof SelectionKey k && k.isValid()
                                    && k.interestOps() == 0) {
                                k.interestOps(SelectionKey.OP_READ); // its peer reads again: so does this thread
                            }
                        }
                    }
                }
                idle.idle(work ? 1 : 0);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("the selector failed", e);
        } finally {
            for (FixSession s : sessions) {
                s.end(EndReason.CLOSED, "server stopped");
            }
            if (selector != null) {
                try {
                    selector.close();
                } catch (IOException ignored) {
                    // stopping
                }
            }
        }
    }

    private void onReady(SelectionKey key) {
        FixSession s = (FixSession) key.attachment();
        s.poll(readyMillis);
        if (s.repliesFull() && key.isValid()) {
            // a peer that does not read its replies: its input is not read either, so its key, always readable,
            // would make every pass find work and the thread never idle (spinning through the profile's idle
            // strategy while the others wait for a CPU); the tick once a millisecond sends what it can and asks again
            key.interestOps(0);
        }
    }

    /** The connections the accept thread handed over, each a new {@link FixSession} (registered when selecting). */
    private void take(List<FixSession> sessions, FixSession.Application application, FixSession.Binder binder,
                      Selector selector) throws IOException {
        SocketChannel c;
        while ((c = accepted.poll()) != null) {
            pending.decrementAndGet();
            String from = remote(c);
            if (!makeRoom(sessions, from)) {
                System.err.println("[sbe server] refused a connection from " + from + ": " + sessions.size()
                        + " logged-on sessions hold every slot (maxConnections in the profile)");
                closeQuietly(c);
                continue;
            }
            FixSession session;
            try {
                session = new FixSession(config, c, application, SystemEpochClock.INSTANCE,
                        event -> System.err.println("[sbe server " + from + "] " + event), binder);
            } catch (OutOfMemoryError e) {
                System.err.println("[sbe server] refused a connection from " + from + ": " + SbeEngine.memoryRefusal(
                        Math.max(setup.sessions(), sessions.size() + 1), sessions.size(), config.bufferBytes()));
                closeQuietly(c);
                continue;
            }
            sessions.add(session);
            if (selector != null) {
                session.attach(c.register(selector, SelectionKey.OP_READ, session));
            }
        }
    }

    /**
     * A slot for a new connection: true when fewer than {@code maxConnections} are open once those whose peer has
     * gone are dropped, or when the oldest connection not yet logged on could be closed to make one.
     */
    private boolean makeRoom(List<FixSession> sessions, String newcomer) {
        if (sessions.size() < maxConnections) {
            return true;
        }
        long now = SystemEpochClock.INSTANCE.time();
        for (int i = 0; i < sessions.size(); i++) { // a closed peer is seen by its next read
            FixSession s = sessions.get(i);
            s.poll(now);
            if (s.state() == SessionState.ENDED) {
                sessions.remove(i--);
            }
        }
        if (sessions.size() < maxConnections) {
            return true;
        }
        for (int i = 0; i < sessions.size(); i++) { // the oldest first
            FixSession s = sessions.get(i);
            if (s.state() == SessionState.AWAITING_LOGON) {
                s.end(EndReason.CLOSED, "closed before its Logon: maxConnections (" + maxConnections
                        + ") reached and a newer connection (" + newcomer + ") took its slot");
                sessions.remove(i);
                return true;
            }
        }
        return false;
    }

    private static String remote(SocketChannel c) {
        try {
            return String.valueOf(c.getRemoteAddress());
        } catch (IOException e) {
            return "?";
        }
    }

    private static void closeQuietly(SocketChannel c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // refusing anyway
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws Exception {
        stopping = true;
        if (acceptor != null) {
            acceptor.close();
        }
        if (sessionThread != null) {
            sessionThread.join(3_000);
        }
        if (acceptThread != null) {
            acceptThread.join(3_000);
        }
        SocketChannel c;
        while ((c = accepted.poll()) != null) {
            closeQuietly(c);
        }
    }
}
