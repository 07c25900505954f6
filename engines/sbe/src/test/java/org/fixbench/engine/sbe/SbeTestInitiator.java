package org.fixbench.engine.sbe;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

import org.agrona.concurrent.SystemEpochClock;
import org.fixbench.engine.Workload;
import org.fixbench.fix.codec.FixMessage;
import org.fixbench.fix.codec.FixWriter;
import org.fixbench.fix.codec.UtcTime;
import org.fixbench.fix.session.FixSession;
import org.fixbench.fix.session.SessionConfig;
import org.fixbench.fix.session.SessionRecord;

/** An sbe session initiator driven by the test thread, with the workload's orders and the reports collected. */
final class SbeTestInitiator implements AutoCloseable, FixSession.Application {
    private final FixSession session;
    private final List<Long> reports = new CopyOnWriteArrayList<>();

    SbeTestInitiator(InetSocketAddress address, int heartBtIntSeconds) throws IOException {
        Properties p = new Properties();
        p.setProperty("idle", "yield");
        p.setProperty("heartBtInt", Integer.toString(heartBtIntSeconds));
        p.setProperty("storeBytes", Integer.toString(1 << 20));
        p.setProperty("storeMessages", "4096");
        SessionConfig config = SessionConfig.of(p, Workload.CLIENT_COMP_ID, Workload.SERVER_COMP_ID, false);
        SocketChannel channel = SocketChannel.open(address);
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        channel.configureBlocking(false);
        session = new FixSession(config, channel, this, SystemEpochClock.INSTANCE,
                event -> System.out.println("[sbe test initiator] " + event), new SessionRecord(config.storeBytes(), config.storeMessages()));
        session.sendLogon(true);
        pollUntil(session::isLoggedOn, "Logon answered");
    }

    FixSession session() {
        return session;
    }

    List<Long> reports() {
        return reports;
    }

    void sendOrder(long clOrdId) {
        FixWriter w = session.begin('D' << 8);
        w.stringField(1, Workload.ACCOUNT).longField(11, clOrdId).charField(21, (byte) Workload.HANDL_INST)
                .longField(38, Workload.ORDER_QTY).charField(40, (byte) Workload.ORD_TYPE)
                .stringField(44, Workload.PRICE).charField(54, (byte) Workload.SIDE).stringField(55, Workload.SYMBOL)
                .charField(59, (byte) Workload.TIME_IN_FORCE);
        int at = w.beginField(60);
        w.endField(UtcTime.format(System.currentTimeMillis(), w.buffer(), at));
        session.send();
    }

    @Override
    public boolean onMessage(FixSession s, FixMessage message) {
        if (!message.isType('8')) {
            return false;
        }
        reports.add(message.longValue(11));
        return true;
    }

    void pollUntil(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (session.endReason() != null && !condition.getAsBoolean()) {
                throw new AssertionError("session ended (" + session.endReason() + ") while waiting for " + what);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            if (!session.poll()) {
                Thread.yield();
            }
        }
    }

    void pollFor(long millis) {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (System.nanoTime() < deadline) {
            if (!session.poll()) {
                Thread.yield();
            }
        }
    }

    @Override
    public void close() {
        session.end("test over");
    }
}
