package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.fixbench.engine.MemoryPipe;
import org.fixbench.engine.OrderFlow;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.sbe.app.ReportApplication;
import org.fixbench.fix.session.EndReason;
import org.fixbench.fix.session.FixSession;
import org.fixbench.fix.session.SessionConfig;
import org.fixbench.fix.session.SessionRecord;
import org.fixbench.fix.session.SessionState;
import org.junit.jupiter.api.Test;

/**
 * A peer that stops reading its reports: the acceptor stops reading that peer's orders (back-pressure, nothing
 * lost), never waits on it in the thread that serves every connection, serves the other connections meanwhile, and
 * ends it as a slow consumer once it has left its reports unread for {@code slowConsumerMillis}.
 */
class SlowConsumerTest {
    private static final int SLOW_CONSUMER_MILLIS = 2_000;
    private long now = System.currentTimeMillis();

    /** One client and its acceptor session, joined in memory; the acceptor on the test's clock. */
    private final class Pair implements ReportListener {
        final MemoryPipe pipe = new MemoryPipe(64 * 1024);
        final SbeClient client;
        final FixSession server;
        final List<Long> answered = new ArrayList<>();
        final List<String> log = new ArrayList<>();
        String disconnect;

        Pair() {
            Properties p = new Properties();
            p.setProperty("validation", "session");
            p.setProperty("bufferBytes", "32768");
            p.setProperty("slowConsumerMillis", Integer.toString(SLOW_CONSUMER_MILLIS));
            SessionConfig serverConfig = SessionConfig.of(p, "SERVER", "CLIENT", true);
            SessionRecord record = new SessionRecord(1 << 24, 1 << 16).allocate();
            server = new FixSession(serverConfig, pipe.server(), new ReportApplication(serverConfig,
                    ServerHooks.NONE), () -> now, log::add, new FixSession.Binder() {
                        @Override
                        public SessionRecord claim(FixSession session) {
                            return record;
                        }

                        @Override
                        public void release(FixSession session, SessionRecord r) {
                        }
                    });
            client = new SbeClient(SessionConfig.of(p, "CLIENT", "SERVER", false), OrderFlow.fixed());
            client.attach(pipe.client(), this);
            client.session().sendLogon(true);
            for (int i = 0; i < 100 && !(client.session().isLoggedOn() && server.isLoggedOn()); i++) {
                server.poll();
                client.session().poll();
            }
            assertTrue(server.isLoggedOn() && client.session().isLoggedOn(), String.valueOf(server.endReason()));
        }

        @Override
        public void onExecutionReport(long clOrdId) {
            answered.add(clOrdId);
        }

        @Override
        public void onDisconnect(String reason) {
            disconnect = reason;
        }
    }

    @Test
    void aPeerThatStopsReadingIsHeldBackWithNothingLostAndOthersGoOn() {
        Pair slow = new Pair();
        Pair other = new Pair();
        int orders = 600; // about 140 KB of reports: more than the pipe, the acceptor's send buffer and its input hold
        for (int i = 1; i <= orders; i++) {
            slow.client.send(i);
            slow.server.poll(); // the slow client never polls: its reports pile up
            // meanwhile the other connection, served by the same thread, gets each report at once
            other.client.send(i);
            other.server.poll();
            other.client.session().poll();
            assertEquals(i, other.answered.size(), "the other connection's order " + i + " was answered");
        }
        assertEquals(SessionState.LOGGED_ON, slow.server.state(), String.valueOf(slow.server.endReason()));
        assertEquals(0, slow.answered.size());
        // what a selecting server reads to stop asking for the slow connection's input (SbeServer.onReady)
        assertTrue(slow.server.repliesFull(), "the slow connection's replies fill its buffer");
        assertFalse(other.server.repliesFull());
        // the slow peer reads again: every order answered, once, in order
        for (int i = 0; i < 10_000 && slow.answered.size() < orders; i++) {
            slow.client.session().poll();
            slow.server.poll();
        }
        assertEquals(orders, slow.answered.size(), "every order answered");
        for (int i = 0; i < orders; i++) {
            assertEquals(i + 1, slow.answered.get(i), "answered once, in order");
        }
        assertNull(slow.disconnect);
        assertEquals(SessionState.LOGGED_ON, slow.server.state());
        assertFalse(slow.server.repliesFull(), "room again once the peer read");
    }

    @Test
    void aResendOfMoreThanTheBuffersHoldIsReplayedInChunksAsThePeerReads() {
        Pair peer = new Pair();
        int orders = 600;
        for (int i = 1; i <= orders; i++) {
            peer.client.send(i);
            peer.server.poll();
            peer.client.session().poll();
        }
        assertEquals(orders, peer.answered.size());
        long nextSeq = peer.server.nextSenderSeq();
        // the peer asks for everything again (about 150 KB) and reads nothing for a while
        String time = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS")
                .withZone(java.time.ZoneOffset.UTC).format(java.time.Instant.ofEpochMilli(now));
        byte[] resendRequest = RawFixPeer.frame("FIX.4.4", "35=2|49=CLIENT|56=SERVER|34="
                + peer.client.session().nextSenderSeq() + "|52=" + time + "|7=1|16=0|");
        peer.pipe.client().write(ByteBuffer.wrap(resendRequest));
        for (int i = 0; i < 100; i++) {
            peer.server.poll();
        }
        assertEquals(SessionState.LOGGED_ON, peer.server.state(), String.valueOf(peer.server.endReason()));
        // now it reads: the replay goes on as it does, to the end
        StringBuilder read = new StringBuilder();
        ByteBuffer chunk = ByteBuffer.allocate(1 << 16);
        for (int i = 0; i < 10_000; i++) {
            peer.server.poll();
            chunk.clear();
            peer.pipe.client().read(chunk);
            chunk.flip();
            read.append(StandardCharsets.ISO_8859_1.decode(chunk));
        }
        String replay = read.toString();
        assertEquals(orders, count(replay, "\u000135=8\u0001"), "every report resent");
        assertEquals(orders, count(replay, "\u000143=Y\u0001") - count(replay, "\u000135=4\u0001"),
                "each report marked PossDup (the gap fills over the Logon are the rest)");
        assertEquals(SessionState.LOGGED_ON, peer.server.state(), String.valueOf(peer.server.endReason()));
        assertEquals(nextSeq, peer.server.nextSenderSeq(), "a replay uses no new numbers");
    }

    @Test
    void aBoundThatIsNotAPositiveNumberIsRefusedInOneLine() {
        for (String bad : List.of("0", "-5", "ten", "")) {
            Properties p = new Properties();
            p.setProperty("slowConsumerMillis", bad);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> SessionConfig.of(p, "SERVER", "CLIENT", true));
            assertEquals("sbe profile: slowConsumerMillis must be a positive integer (was '" + bad + "')",
                    e.getMessage());
        }
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void aPeerThatLeavesItsReportsUnreadPastTheBoundEndsAsASlowConsumer() {
        Pair slow = new Pair();
        for (int i = 1; i <= 600; i++) {
            slow.client.send(i);
            slow.server.poll();
        }
        assertEquals(SessionState.LOGGED_ON, slow.server.state(), "held back, not ended, within the bound");
        now += SLOW_CONSUMER_MILLIS - 1;
        slow.server.poll();
        assertEquals(SessionState.LOGGED_ON, slow.server.state(), "still within the bound");
        now += 1;
        slow.server.poll();
        assertEquals(SessionState.ENDED, slow.server.state());
        assertEquals(EndReason.SLOW_CONSUMER, slow.server.endKind(), slow.server.endReason());
        assertTrue(slow.server.endReason().contains("slowConsumerMillis 2000"), slow.server.endReason());
    }
}
