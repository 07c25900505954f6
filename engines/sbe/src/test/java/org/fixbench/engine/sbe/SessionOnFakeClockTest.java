package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.fixbench.engine.FixConfigs;
import org.junit.jupiter.api.Test;
import org.fixbench.fix.session.EndReason;
import org.fixbench.fix.session.FixSession;
import org.fixbench.fix.session.SessionConfig;
import org.fixbench.fix.session.SessionRecord;
import org.fixbench.fix.session.SessionState;

/**
 * The session in-process, on a fake clock and an in-memory connection: timers and bounds that a socket test could
 * only show by waiting.
 */
class SessionOnFakeClockTest {
    /** An in-memory connection: what the test feeds, the session reads; what the session writes, the test reads. */
    static final class FakeChannel implements ByteChannel {
        final ByteBuffer toSession = ByteBuffer.allocate(1 << 22);
        final StringBuilder fromSession = new StringBuilder();
        boolean open = true;
        /** Bytes the peer will still take; below 0: no limit (a peer that reads only what a test lets it). */
        long window = -1;

        void feed(byte[] bytes) {
            toSession.put(bytes);
        }

        void feed(String body) {
            feed(RawFixPeer.frame("FIX.4.4", body));
        }

        @Override
        public int read(ByteBuffer dst) {
            toSession.flip();
            int n = Math.min(dst.remaining(), toSession.remaining());
            for (int i = 0; i < n; i++) {
                dst.put(toSession.get());
            }
            toSession.compact();
            return n;
        }

        @Override
        public int write(ByteBuffer src) {
            int n = window < 0 ? src.remaining() : (int) Math.min(window, src.remaining());
            byte[] bytes = new byte[n];
            src.get(bytes);
            fromSession.append(new String(bytes, StandardCharsets.ISO_8859_1));
            if (window >= 0) {
                window -= n;
            }
            return n;
        }

        /** The messages the session sent, as '|'-separated text, and forgets them. */
        List<String> sent() {
            List<String> out = new ArrayList<>();
            for (String m : fromSession.toString().split("(?<=\u000110=\\d{3}\u0001)")) {
                if (!m.isEmpty()) {
                    out.add(m.replace('\u0001', '|'));
                }
            }
            fromSession.setLength(0);
            return out;
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() {
            open = false;
        }
    }

    private long now = 1_790_000_000_000L; // 2026-09-21
    private final List<String> log = new ArrayList<>();
    private final FakeChannel channel = new FakeChannel();

    private static Properties profile(String name) {
        return FixConfigs.properties(FixConfigs.profileFile("sbe", name));
    }

    private FixSession acceptor(String profile) throws IOException {
        SessionConfig config = SessionConfig.of(profile(profile), "ISLD", "TW", true);
        SessionRecord record = new SessionRecord(1 << 16, 64);
        return new FixSession(config, channel, (s, m) -> true, () -> now, log::add, new FixSession.Binder() {
            @Override
            public SessionRecord claim(FixSession session) {
                return record;
            }

            @Override
            public void release(FixSession session, SessionRecord r) {
            }
        });
    }

    private String time() {
        return java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS")
                .format(java.time.Instant.ofEpochMilli(now).atOffset(java.time.ZoneOffset.UTC));
    }

    private void logon(FixSession session, String heartBtInt) {
        channel.feed("35=A|49=TW|56=ISLD|34=1|52=" + time() + "|98=0|108=" + heartBtInt + "|");
        session.poll(now);
    }

    @Test
    void bytesTrickledInDoNotKeepASilentPeerAlive() throws IOException {
        FixSession session = acceptor("conformance");
        logon(session, "1");
        assertTrue(session.isLoggedOn());
        channel.sent();
        for (int i = 0; i < 30 && session.state() != SessionState.ENDED; i++) {
            now += 100;
            channel.feed(new byte[] {'8'}); // never a whole message
            session.poll(now);
        }
        assertEquals(SessionState.ENDED, session.state(), "a peer that sends no whole message for 2.4 s is gone");
        assertEquals(EndReason.HEARTBEAT_TIMEOUT, session.endKind());
        assertTrue(channel.sent().stream().anyMatch(m -> m.contains("|35=1|")), "a TestRequest went first");
    }

    @Test
    void aHugeHeartBtIntIsRefusedNotOverflowed() throws IOException {
        FixSession session = acceptor("tuned");
        logon(session, "99999999999");
        assertEquals(SessionState.ENDED, session.state());
        List<String> sent = channel.sent();
        assertEquals(1, sent.size(), sent.toString());
        assertTrue(sent.get(0).contains("|35=5|") && sent.get(0).contains("HeartBtInt 99999999999 is outside"),
                sent.toString());
    }

    @Test
    void aZeroHeartBtIntIsRefusedWhereTheProfileSetsAMinimum() throws IOException {
        FixSession session = acceptor("tuned");
        logon(session, "0");
        assertEquals(SessionState.ENDED, session.state());
        assertEquals(EndReason.LOGON_REJECTED, session.endKind());
    }

    @Test
    void withHeartBtIntZeroASilentSessionStillEnds() throws IOException {
        FixSession session = acceptor("conformance"); // minHeartBtInt=0, as QuickFIX/J
        logon(session, "0");
        assertTrue(session.isLoggedOn());
        now += 599_000;
        session.poll(now);
        assertTrue(session.isLoggedOn());
        now += 2_000;
        session.poll(now);
        assertEquals(EndReason.SILENCE, session.endKind());
    }

    @Test
    void aConnectionThatNeverLogsOnIsClosedAtTheLogonTimeout() throws IOException {
        FixSession session = acceptor("conformance");
        now += 9_999;
        session.poll(now);
        assertEquals(SessionState.AWAITING_LOGON, session.state());
        now += 2;
        session.poll(now);
        assertEquals(EndReason.LOGON_TIMEOUT, session.endKind());
    }

    @Test
    void garbageGrowsTheLogByABoundedNumberOfLines() throws IOException {
        FixSession session = acceptor("conformance");
        logon(session, "30");
        log.clear();
        byte[] junk = "8=FIX.4.4\u00019=5\u000135=D\u0001xx\u0001".getBytes(StandardCharsets.ISO_8859_1);
        for (int round = 0; round < 10; round++) {
            for (int i = 0; i < 1_000; i++) {
                channel.feed(junk);
            }
            session.poll(now);
        }
        assertTrue(session.isLoggedOn());
        assertTrue(log.size() <= 12, "10,000 garbled messages in one second, " + log.size() + " log lines");
        now += 1_000;
        channel.feed(junk);
        session.poll(now);
        assertTrue(log.stream().anyMatch(l -> l.contains("more lines about bad input not logged")), log.toString());
    }

    @Test
    void aConnectionCostsLittleUntilItLogsOn() throws IOException {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        SessionConfig published = SessionConfig.of(profile("published"), "ISLD", "TW", true);
        SessionConfig.Bundled.FIX44.maxTag(); // the dictionary is loaded once per JVM, not per connection
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        SessionRecord record = new SessionRecord(published.storeBytes(), published.storeMessages());
        FixSession session = new FixSession(published, channel, (s, m) -> true, () -> now, log::add,
                new FixSession.Binder() {
                    @Override
                    public SessionRecord claim(FixSession s) {
                        return record;
                    }

                    @Override
                    public void release(FixSession s, SessionRecord r) {
                    }
                });
        long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertTrue(allocated < 8L << 20, "a connection allocated " + allocated + " bytes before its Logon; the "
                + published.storeBytes() + "-byte store must wait for the Logon");
        assertNull(session.endReason());
    }
}
