package org.fixbench.engine.philadelphia;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import com.paritytrading.philadelphia.FIXConfig;
import com.paritytrading.philadelphia.FIXConnection;
import com.paritytrading.philadelphia.FIXHeartbeatTimeoutException;
import com.paritytrading.philadelphia.FIXMessage;
import com.paritytrading.philadelphia.FIXValue;
import com.paritytrading.philadelphia.fix44.FIX44MsgTypes;
import com.paritytrading.philadelphia.fix44.FIX44Tags;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.Order;
import org.fixbench.engine.Workload;

/**
 * One thread accepts connections, answers each Logon whose SenderCompID is one of the benchmark's client identities
 * ({@link EngineSetup#clientCompIds()}) and not logged on already. It asks one selector (epoll on Linux), without
 * waiting, which connections have bytes, receives on those only, and answers each NewOrderSingle, OrderCancelRequest
 * and OrderCancelReplaceRequest with the ExecutionReport of its kind ({@link Order.Kind}), built in a reused message per connection: nothing is allocated per order. It keeps every session
 * alive once per millisecond. The acceptor is watched only while fewer sessions than the benchmark's are logged on
 * (so a full house pays no accept call); a connection that ends frees its identity for the next. If the thread
 * cannot go on, {@link #failure()} says why.
 */
final class PhiladelphiaServer implements EngineServer {
    private final EngineSetup setup;
    private final Runnable idle;
    private final FIXConfig config;
    private final List<String> identities;
    private final StringBuilder id = new StringBuilder(32);
    private final List<Peer> peers = new ArrayList<>();
    private final Consumer<SelectionKey> onReady = this::onReady;
    private ServerSocketChannel acceptor;
    private Selector selector;
    private SelectionKey acceptorKey;
    private long tickedMillis;
    private Thread thread;
    private volatile boolean stopping;
    private volatile String failure;
    private long counter;

    PhiladelphiaServer(EngineSetup setup, Runnable idle, FIXConfig config) {
        this.setup = setup;
        this.idle = idle;
        this.config = config;
        this.identities = setup.clientCompIds();
    }

    @Override
    public InetSocketAddress start() throws IOException {
        acceptor = setup.openAcceptor();
        acceptor.configureBlocking(false);
        selector = Selector.open();
        acceptorKey = acceptor.register(selector, SelectionKey.OP_ACCEPT);
        thread = new Thread(this::serve, "philadelphia-server");
        thread.setDaemon(true);
        thread.start();
        return (InetSocketAddress) acceptor.getLocalAddress();
    }

    private void serve() {
        setup.pinCurrentThread("server");
        try {
            while (!stopping) {
                long now = System.currentTimeMillis();
                if (now != tickedMillis) {
                    tickedMillis = now;
                    for (int i = 0; i < peers.size(); i++) {
                        peers.get(i).tick(now);
                    }
                }
                boolean work = selector.selectNow(onReady) > 0;
                for (int i = 0; i < peers.size(); i++) {
                    Peer peer = peers.get(i);
                    if (peer.endReason != null) {
                        peer.closeQuietly();
                        peers.remove(i--);
                    }
                }
                acceptorKey.interestOps(loggedOn() < identities.size() ? SelectionKey.OP_ACCEPT : 0);
                if (!work) {
                    idle.run();
                }
            }
        } catch (IOException | UncheckedIOException e) {
            if (!stopping) {
                failure = "the Philadelphia server cannot accept or poll its connections: " + e.getMessage();
            }
        } catch (RuntimeException | Error e) {
            if (!stopping) {
                failure = "the Philadelphia server's thread died: " + e;
            }
        } finally {
            peers.forEach(Peer::closeQuietly);
        }
    }

    private int loggedOn() {
        int n = 0;
        for (int i = 0; i < peers.size(); i++) {
            n += peers.get(i).loggedOn ? 1 : 0;
        }
        return n;
    }

    private void onReady(SelectionKey key) {
        if (key == acceptorKey) {
            try {
                accept();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        } else {
            ((Peer) key.attachment()).receive();
        }
    }

    private void accept() throws IOException {
        SocketChannel channel = acceptor.accept();
        if (channel == null) {
            return;
        }
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        channel.configureBlocking(false);
        Peer peer = new Peer(channel);
        peers.add(peer);
        channel.register(selector, SelectionKey.OP_READ, peer);
    }

    /** A connection's side, driven by its caller: a round trip in memory ({@link PhiladelphiaEngine#inMemory}). */
    interface Side {
        /** Keeps the session alive at this time, as the server's thread does once a millisecond. */
        void tick(long nowMillis);

        /** Receives what has arrived (one read) and answers it. */
        void receive();

        boolean loggedOn();

        String endReason();
    }

    /** This server's session over {@code channel}, served by the caller instead of the server's thread. */
    <C extends java.nio.channels.ReadableByteChannel & java.nio.channels.GatheringByteChannel> Side attach(C channel) {
        Peer peer = new Peer(channel);
        peers.add(peer);
        return new Side() {
            @Override
            public void tick(long nowMillis) {
                peer.tick(nowMillis);
            }

            @Override
            public void receive() {
                peer.receive();
            }

            @Override
            public boolean loggedOn() {
                return peer.loggedOn;
            }

            @Override
            public String endReason() {
                return peer.endReason;
            }
        };
    }

    @Override
    public String failure() {
        return failure;
    }

    /** One connection: its FIX session, and the report it reuses. */
    private final class Peer extends Session {
        private final FIXConnection connection;
        private final FIXMessage report;

        <C extends java.nio.channels.ReadableByteChannel & java.nio.channels.GatheringByteChannel> Peer(C channel) {
            connection = new FIXConnection(channel, config, this::onMessage, this, System.currentTimeMillis());
            report = connection.create();
        }

        /** Keeps the session alive at this time (a write only when a heartbeat is due). */
        void tick(long nowMillis) {
            if (endReason != null) {
                return;
            }
            try {
                connection.setCurrentTimeMillis(nowMillis);
                connection.keepAlive();
            } catch (FIXHeartbeatTimeoutException e) {
                end("philadelphia server: heartbeat timeout");
            } catch (IOException e) {
                end("philadelphia server: " + e.getMessage()); // this connection; the others go on
            }
        }

        /** Receives what has arrived (one read). */
        void receive() {
            if (endReason != null) {
                return;
            }
            try {
                if (connection.receive() < 0) {
                    end("philadelphia server: client closed the connection");
                }
            } catch (IOException e) {
                end("philadelphia server: " + e.getMessage()); // this connection; the others go on
            }
        }

        @Override
        public void logon(FIXConnection c, FIXMessage message) throws IOException {
            FIXValue sender = message.valueOf(FIX44Tags.SenderCompID);
            String who = sender == null ? "" : sender.asString().toString();
            String refusal = !identities.contains(who) ? "unknown SenderCompID '" + who + "'"
                    : held(who) ? "SenderCompID '" + who + "' is logged on already" : null;
            if (refusal != null) {
                System.err.println("[philadelphia server] refused a Logon: " + refusal);
                c.sendLogout(refusal);
                end("philadelphia server: " + refusal);
                return;
            }
            c.setTargetCompID(who);
            c.sendLogon(false);
            loggedOn = true;
        }

        private boolean held(String who) {
            for (int i = 0; i < peers.size(); i++) {
                Peer p = peers.get(i);
                if (p != this && p.loggedOn && p.endReason == null && who.equals(p.connection.getTargetCompID())) {
                    return true;
                }
            }
            return false;
        }

        @Override
        void ended(String reason) {
            // the client sees the connection go and reports it; nothing else to tell here
        }

        private void onMessage(FIXMessage order) throws IOException {
            FIXConnection c = connection;
            FIXValue msgType = order.getMsgType();
            char type = msgType.length() == 1 ? msgType.charAt(0) : 0;
            char execType = Order.Kind.execTypeFor(type); // D new, F canceled, G replaced
            if (execType == 0) {
                c.sendReject(order.getMsgSeqNum(), 11, "Unsupported message type"); // 11 = invalid MsgType
                return;
            }
            setup.hooks().orderReceived();
            long n = ++counter;
            c.prepare(report, FIX44MsgTypes.ExecutionReport);
            report.addField(FIX44Tags.OrderID).setString(counted(Workload.ORDER_ID_PREFIX, n));
            copy(order, FIX44Tags.ClOrdID);
            if (type != FIX44MsgTypes.NewOrderSingle) {
                copy(order, FIX44Tags.OrigClOrdID);
            }
            report.addField(FIX44Tags.ExecID).setString(counted(Workload.EXEC_ID_PREFIX, n));
            report.addField(FIX44Tags.ExecType).setChar(execType);
            report.addField(FIX44Tags.OrdStatus).setChar(Order.Kind.ordStatusFor(type));
            copy(order, FIX44Tags.Symbol);
            copy(order, FIX44Tags.Side);
            FIXValue orderQty = copy(order, FIX44Tags.OrderQty);
            report.addField(FIX44Tags.CumQty).setInt(Workload.CUM_QTY);
            if (type == FIX44MsgTypes.OrderCancelRequest) {
                report.addField(FIX44Tags.LeavesQty).setInt(0);
            } else {
                report.addField(FIX44Tags.LeavesQty).set(orderQty);
            }
            report.addField(FIX44Tags.AvgPx).setString(Workload.AVG_PX);
            report.addField(FIX44Tags.TransactTime).setString(c.getCurrentTimestamp());
            setup.hooks().reportSending();
            c.send(report);
        }

        private FIXValue copy(FIXMessage order, int tag) throws IOException {
            FIXValue value = order.valueOf(tag);
            if (value == null) {
                throw new IOException("MsgType " + order.getMsgType() + " without tag " + tag);
            }
            report.addField(tag).set(value);
            return value;
        }

        void closeQuietly() {
            try {
                connection.close();
            } catch (IOException ignored) {
                // closing
            }
        }
    }

    private CharSequence counted(String prefix, long n) {
        id.setLength(0);
        return id.append(prefix).append(n);
    }

    @Override
    public void close() throws Exception {
        stopping = true;
        if (thread != null) {
            thread.join(2_000);
        }
        if (selector != null) {
            selector.close();
        }
        if (acceptor != null) {
            acceptor.close();
        }
    }
}
