package org.fixbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetSocketAddress;
import java.time.Duration;

import org.fixbench.harness.api.NanoClock;
import org.junit.jupiter.api.Test;

/**
 * How a reconnecting task counts an order whose send threw as the connection went: taken (resent once logged on
 * again) when the client kept it and keeps its session, or kept it in a record a fresh client goes on from; else not
 * sent. No network: the client is a stand-in whose
 * send always fails, and the server never listens again, so the log-on again waits until the task closes.
 */
class ReconnectionTest {

    private static final ReportListener NO_REPORTS = new ReportListener() {
        @Override
        public void onExecutionReport(long clOrdId) {
        }

        @Override
        public void onDisconnect(String reason) {
        }
    };

    /** A client whose every send fails, having kept the order or not. */
    private static final class FailingClient implements EngineClient {
        private final boolean keeps;
        private final boolean beyond;

        FailingClient(boolean keeps, boolean beyond) {
            this.keeps = keeps;
            this.beyond = beyond;
        }

        @Override
        public boolean keepsBeyondItself() {
            return beyond;
        }

        @Override
        public void connect(InetSocketAddress server, ReportListener listener, Duration timeout) {
        }

        @Override
        public void send(long clOrdId) {
            throw new IllegalStateException("session ended: cannot send: Broken pipe");
        }

        @Override
        public boolean keptFailedSend() {
            return keeps;
        }

        @Override
        public void close() {
        }
    }

    private static long[] notSentAndTaken(boolean clientKeeps, boolean keepingSession) throws Exception {
        return notSentAndTaken(clientKeeps, keepingSession, false);
    }

    private static long[] notSentAndTaken(boolean clientKeeps, boolean keepingSession, boolean keptInAFile)
            throws Exception {
        EngineClient client = new FailingClient(clientKeeps, keptInAFile);
        Reconnection.Session session = new Reconnection.Session() {
            @Override
            public EngineClient client() {
                return client;
            }

            @Override
            public void replace(EngineClient fresh) {
                throw new AssertionError("no fresh client is made while the server is not listening");
            }

            @Override
            public EngineClient freshClient() {
                throw new AssertionError("no fresh client is made while the server is not listening");
            }

            @Override
            public void fail(String reason) {
                throw new AssertionError(reason);
            }
        };
        Reconnection r = new Reconnection(session, NO_REPORTS, NanoClock.SYSTEM, "test",
                Duration.ofSeconds(5), new InetSocketAddress("198.18.0.1", 9), keepingSession, () -> false,
                Long.MAX_VALUE / 4);
        r.send(1);
        r.send(2); // the session is down now: not sent (the stand-in takes nothing while down)
        r.close();
        return new long[] {r.ordersNotSent(), r.ordersTakenWhileDown()};
    }

    @Test
    void anOrderKeptAsItsWriteFailedIsTakenWhenTheSessionIsKept() throws Exception {
        long[] counts = notSentAndTaken(true, true);
        assertEquals(1, counts[0], "the second order, due while down, is not sent");
        assertEquals(1, counts[1], "the first, kept by the client as its write failed, is taken");
    }

    @Test
    void anOrderNotKeptIsNotSent() throws Exception {
        long[] counts = notSentAndTaken(false, true);
        assertEquals(2, counts[0]);
        assertEquals(0, counts[1]);
    }

    @Test
    void anOrderKeptByAClientThatIsReplacedIsNotSent() throws Exception {
        long[] counts = notSentAndTaken(true, false);
        assertEquals(2, counts[0], "a fresh client does not have the old session's store");
        assertEquals(0, counts[1]);
    }

    @Test
    void anOrderKeptInARecordThatOutlivesTheClientIsTakenWhenTheClientIsReplaced() throws Exception {
        long[] counts = notSentAndTaken(true, false, true);
        assertEquals(1, counts[0], "the second order, due while down, is not sent");
        assertEquals(1, counts[1], "the first is in the record a fresh client goes on from (store=file): taken");
    }
}
