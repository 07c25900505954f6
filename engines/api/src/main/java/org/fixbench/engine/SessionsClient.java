package org.fixbench.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Many sessions ({@link EngineSetup#sessions()} above 1) over one selector: one {@link Member} per session, each its
 * own connection (and, for a FIX engine, its own SenderCompID), connected one after another. One thread (the sending
 * thread between sends, or a receiver of its own) asks the selector (epoll on Linux), without waiting, which
 * connections have bytes and has only those members receive; it runs every member's timers once per millisecond, and
 * idles (the profile's way) when no connection had a byte: one system call per pass however many sessions, plus a
 * read per connection that has something. The one such client of the engines that keep a session per connection
 * (raw TCP, sbe, Philadelphia); an engine brings its members and its way of idling.
 *
 * <p>A pass allocates nothing: the selector is asked with a consumer made once.
 */
public final class SessionsClient implements EngineClient {

    /** One session of the group: its own connection, read only when it has bytes. */
    public interface Member extends AutoCloseable {
        /** Connects and logs on, reporting through {@code listener} as session {@code 0} of its own. */
        void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws Exception;

        /** The connection, non-blocking once connected, for the selector. */
        SelectableChannel channel();

        /**
         * Its connection has bytes: receive them. Returns false when the connection has ended and the member is to
         * be read no more (its end already reported).
         */
        boolean receive(long nowMillis);

        /** Once per millisecond: its timers (heartbeats, test requests, ...). */
        default void tick(long nowMillis) {
        }

        /** Sends one order, as {@link EngineClient#send(long)}. */
        void send(long clOrdId);

        /**
         * A member made of an engine's one-session client: connected, sent on and closed as that client, its
         * connection {@code channel}, and {@code receive} and {@code tick} given the time (the member is never
         * dropped: the client reports its own end).
         */
        static Member of(EngineClient client, java.util.function.Supplier<SelectableChannel> channel,
                         java.util.function.LongConsumer receive, java.util.function.LongConsumer tick) {
            return new Member() {
                @Override
                public void connect(InetSocketAddress server, ReportListener listener, Duration timeout)
                        throws Exception {
                    client.connect(server, listener, timeout);
                }

                @Override
                public SelectableChannel channel() {
                    return channel.get();
                }

                @Override
                public boolean receive(long nowMillis) {
                    receive.accept(nowMillis);
                    return true;
                }

                @Override
                public void tick(long nowMillis) {
                    tick.accept(nowMillis);
                }

                @Override
                public void send(long clOrdId) {
                    client.send(clOrdId);
                }

                @Override
                public void close() throws Exception {
                    client.close();
                }
            };
        }
    }

    /** How the polling thread waits when a pass found nothing (or resets its back-off when one found work). */
    @FunctionalInterface
    public interface Idle {
        void idle(boolean worked);

        /** Never waits: the caller's loop idles. */
        Idle NONE = worked -> { };
    }

    private final String engine;
    private final Member[] members;
    private final Idle idle;
    private final IntFunction<String> outOfMemory;
    private final EngineSetup receiverSetup;
    private final boolean timers;
    private final Consumer<SelectionKey> onReady = this::onReady;
    private Selector selector;
    private long nowMillis;
    private long tickedMillis;
    private Thread receiver;
    private volatile boolean closing;

    /**
     * @param engine the engine's name, for messages
     * @param idle how {@link #poll} idles when no connection had bytes
     * @param outOfMemory when a member's connect runs out of memory: the one line that says so, given how many
     *                    sessions connected before it; null to let the error through
     * @param receiverSetup non-null: the members are read on a thread of their own (pinned as the client receiver),
     *                      and the sending thread never polls; null: the caller polls
     * @param timers whether the members have timers ({@link Member#tick}); without, a pass reads no clock
     */
    public SessionsClient(String engine, Member[] members, Idle idle, IntFunction<String> outOfMemory,
                          EngineSetup receiverSetup, boolean timers) {
        this.engine = engine;
        this.timers = timers;
        this.members = members;
        this.idle = idle;
        this.outOfMemory = outOfMemory;
        this.receiverSetup = receiverSetup;
    }

    @Override
    public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) throws Exception {
        for (int i = 0; i < members.length; i++) {
            try {
                members[i].connect(server, ReportListener.ofSession(listener, i), timeout);
            } catch (OutOfMemoryError e) {
                if (outOfMemory == null) {
                    throw e;
                }
                java.util.Arrays.fill(members, i, members.length, null);
                throw new IllegalStateException(outOfMemory.apply(i));
            } catch (RuntimeException | IOException e) {
                throw new IllegalStateException("session " + (i + 1) + " of " + members.length + ": "
                        + e.getMessage(), e);
            }
        }
        selector = Selector.open();
        for (Member member : members) {
            member.channel().register(selector, SelectionKey.OP_READ, member);
        }
        if (receiverSetup != null) {
            receiver = new Thread(this::receive, engine + "-client-receiver");
            receiver.setDaemon(true);
            receiver.start();
        }
    }

    @Override
    public boolean receivesOnCallerThread() {
        return receiverSetup == null;
    }

    /**
     * One pass: the members whose connections have bytes receive, their timers run once a millisecond (where they
     * have any), then it idles when nothing came.
     */
    @Override
    public boolean poll() {
        long now = timers ? System.currentTimeMillis() : 0;
        nowMillis = now;
        boolean any;
        try {
            any = selector.selectNow(onReady) > 0;
        } catch (IOException e) {
            throw new UncheckedIOException(engine + ": the selector failed: " + e.getMessage(), e);
        }
        if (timers && now != tickedMillis) {
            tickedMillis = now;
            for (Member member : members) {
                member.tick(now);
            }
        }
        idle.idle(any);
        return any;
    }

    private void onReady(SelectionKey key) {
        if (!((Member) key.attachment()).receive(nowMillis)) {
            key.cancel();
        }
    }

    private void receive() {
        receiverSetup.pinCurrentThread("client receiver");
        while (!closing) {
            poll();
        }
    }

    @Override
    public void send(long clOrdId) {
        members[0].send(clOrdId);
    }

    @Override
    public void send(int session, long clOrdId) {
        members[session].send(clOrdId);
    }

    /** Whether {@link #close} has begun: a member's end is then not reported. */
    public boolean closing() {
        return closing;
    }

    @Override
    public void close() throws Exception {
        closing = true;
        if (receiver != null) {
            receiver.join(2_000);
        }
        if (selector != null) {
            selector.close();
        }
        Exception first = null;
        for (Member member : members) {
            if (member == null) {
                continue;
            }
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
