package org.fixbench.engine.philadelphia;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

import com.paritytrading.philadelphia.FIXConfig;
import com.paritytrading.philadelphia.FIXConnection;
import com.paritytrading.philadelphia.FIXHeartbeatTimeoutException;
import com.paritytrading.philadelphia.FIXMessage;
import com.paritytrading.philadelphia.FIXValue;
import com.paritytrading.philadelphia.fix44.FIX44MsgTypes;
import com.paritytrading.philadelphia.fix44.FIX44Tags;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.Workload;

/**
 * One thread accepts a connection, answers its Logon, and then receives, keeps the session alive and answers each
 * NewOrderSingle with the workload's ExecutionReport, built in a reused message: nothing is allocated per order.
 * When the connection ends it accepts the next one (each a new session), until closed; if it cannot,
 * {@link #failure()} says why.
 */
final class PhiladelphiaServer extends Session implements EngineServer {
    private final EngineSetup setup;
    private final Runnable idle;
    private final FIXConfig config;
    private final StringBuilder id = new StringBuilder(32);
    private ServerSocketChannel acceptor;
    private volatile FIXConnection connection;
    private FIXMessage report;
    private Thread thread;
    private volatile boolean stopping;
    private volatile String failure;
    private long counter;

    PhiladelphiaServer(EngineSetup setup, Runnable idle, FIXConfig config) {
        this.setup = setup;
        this.idle = idle;
        this.config = config;
    }

    @Override
    public InetSocketAddress start() throws IOException {
        acceptor = setup.openAcceptor();
        thread = new Thread(this::serve, "philadelphia-server");
        thread.setDaemon(true);
        thread.start();
        return (InetSocketAddress) acceptor.getLocalAddress();
    }

    private void serve() {
        setup.pinCurrentThread("server");
        try {
            while (!stopping) {
                serveOne();
            }
        } catch (IOException e) {
            if (!stopping) {
                failure = "the Philadelphia server cannot accept: " + e.getMessage();
            }
        } catch (RuntimeException | Error e) {
            if (!stopping) {
                failure = "the Philadelphia server's thread died: " + e;
            }
        }
    }

    /** Accepts one connection and serves it until it ends; the next connection starts a new session. */
    private void serveOne() throws IOException {
        try (SocketChannel channel = acceptor.accept()) {
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.configureBlocking(false);
            endReason = null;
            loggedOn = false;
            FIXConnection c = new FIXConnection(channel, config, this::onMessage, this, System.currentTimeMillis());
            connection = c;
            report = c.create();
            try {
                while (!stopping && endReason == null) {
                    c.setCurrentTimeMillis(System.currentTimeMillis());
                    c.keepAlive();
                    int bytes = c.receive();
                    if (bytes < 0) {
                        end("philadelphia server: client closed the connection");
                    } else if (bytes == 0) {
                        idle.run();
                    }
                }
            } catch (FIXHeartbeatTimeoutException e) {
                end("philadelphia server: heartbeat timeout");
            } catch (IOException e) {
                if (!stopping) {
                    end("philadelphia server: " + e.getMessage()); // this connection; the next one is accepted
                }
            }
        }
    }

    @Override
    public String failure() {
        return failure;
    }

    @Override
    public void logon(FIXConnection c, FIXMessage message) throws IOException {
        c.sendLogon(false);
        loggedOn = true;
    }

    @Override
    void ended(String reason) {
        // the client sees the connection go and reports it; nothing else to tell here
    }

    private void onMessage(FIXMessage order) throws IOException {
        FIXConnection c = connection;
        if (!order.getMsgType().contentEquals(FIX44MsgTypes.NewOrderSingle)) {
            c.sendReject(order.getMsgSeqNum(), 11, "Unsupported message type"); // 11 = invalid MsgType
            return;
        }
        setup.hooks().orderReceived();
        long n = ++counter;
        c.prepare(report, FIX44MsgTypes.ExecutionReport);
        report.addField(FIX44Tags.OrderID).setString(counted(Workload.ORDER_ID_PREFIX, n));
        copy(order, FIX44Tags.ClOrdID);
        report.addField(FIX44Tags.ExecID).setString(counted(Workload.EXEC_ID_PREFIX, n));
        report.addField(FIX44Tags.ExecType).setChar(Workload.EXEC_TYPE);
        report.addField(FIX44Tags.OrdStatus).setChar(Workload.ORD_STATUS);
        copy(order, FIX44Tags.Symbol);
        copy(order, FIX44Tags.Side);
        copy(order, FIX44Tags.OrderQty);
        report.addField(FIX44Tags.CumQty).setInt(Workload.CUM_QTY);
        report.addField(FIX44Tags.LeavesQty).setInt(Workload.LEAVES_QTY);
        report.addField(FIX44Tags.AvgPx).setString(Workload.AVG_PX);
        report.addField(FIX44Tags.TransactTime).setString(c.getCurrentTimestamp());
        setup.hooks().reportSending();
        c.send(report);
    }

    private void copy(FIXMessage order, int tag) throws IOException {
        FIXValue value = order.valueOf(tag);
        if (value == null) {
            throw new IOException("NewOrderSingle without tag " + tag);
        }
        report.addField(tag).set(value);
    }

    private CharSequence counted(String prefix, long n) {
        id.setLength(0);
        return id.append(prefix).append(n);
    }

    @Override
    public void close() throws Exception {
        stopping = true;
        FIXConnection c = connection;
        if (c != null) {
            c.close();
        }
        if (acceptor != null) {
            acceptor.close();
        }
        if (thread != null) {
            thread.join(2_000);
        }
    }
}
