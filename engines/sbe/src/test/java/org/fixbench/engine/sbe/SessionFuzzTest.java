package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.fixbench.engine.FixConfigs;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.fixbench.engine.sbe.app.EchoApplication;
import org.fixbench.fix.session.FixSession;
import org.fixbench.fix.session.SessionConfig;
import org.fixbench.fix.session.SessionRecord;
import org.fixbench.fix.session.SessionState;

/**
 * A coverage-guided fuzz target (Jazzer) for the session: any bytes into a logged-on session on a fake clock, no
 * exception, no hang, the log bounded, and the session still answers a well-formed message after whatever came before
 * it. Without {@code JAZZER_FUZZ=1} it runs once per input of its corpus in
 * {@code src/test/resources/org/fixbench/engine/sbe/SessionFuzzTestInputs/sessionAfterLogon/} (a regression test);
 * with it, it fuzzes. A class of its own, apart from {@link FuzzTargetsTest}: Jazzer fuzzes one target per JVM.
 */
class SessionFuzzTest {
    private static final int MAX_MESSAGE_BYTES = 8192;

    @FuzzTest(maxDuration = "10s")
    void sessionAfterLogon(byte[] input) throws IOException {
        long[] now = {1_790_000_000_000L};
        SessionOnFakeClockTest.FakeChannel channel = new SessionOnFakeClockTest.FakeChannel();
        SessionConfig config = SessionConfig.of(FixConfigs.properties(FixConfigs.profileFile("sbe", "conformance")),
                "ISLD", "TW", true);
        SessionRecord record = new SessionRecord(1 << 16, 256);
        List<String> log = new ArrayList<>();
        FixSession session = new FixSession(config, channel, new EchoApplication(config.dictionary(), 100, 1 << 20),
                () -> now[0], line -> log.add(line), new FixSession.Binder() {
                    @Override
                    public SessionRecord claim(FixSession s) {
                        return record;
                    }

                    @Override
                    public void release(FixSession s, SessionRecord r) {
                    }
                });
        String time = UtcTimeText.of(now[0]);
        channel.feed("35=A|49=TW|56=ISLD|34=1|52=" + time + "|98=0|108=30|");
        session.poll(now[0]);
        assertTrue(session.isLoggedOn(), "the fuzz target starts logged on");
        for (int at = 0; at < input.length && session.state() != SessionState.ENDED; at += 4096) {
            channel.feed(java.util.Arrays.copyOfRange(input, at, Math.min(input.length, at + 4096)));
            session.poll(now[0]);
        }
        assertTrue(log.size() < 200, "bad input must not flood the log: " + log.size() + " lines");
        if (session.state() != SessionState.LOGGED_ON || session.skipping()) {
            return; // the input logged out, closed the session, or declared a message that is still being skipped
        }
        channel.sent();
        // A half message the input left owns the bytes its BodyLength declares (at most maxMessageBytes, or it would be
        // skipped as too large): filler that cannot start a message uses them up, so what follows is framed afresh.
        byte[] filler = new byte[MAX_MESSAGE_BYTES + 16];
        java.util.Arrays.fill(filler, (byte) 1);
        channel.feed(filler);
        session.poll(now[0]);
        if (session.state() != SessionState.LOGGED_ON || session.skipping()) {
            return; // (the filler may have completed a BodyLength too large to hold: its bytes are being skipped)
        }
        // then a well-formed reset and TestRequest: both must be handled
        long next = session.nextTargetSeq() + 1_000;
        channel.feed("35=4|49=TW|56=ISLD|34=1|52=" + time + "|36=" + next + "|");
        channel.feed("35=1|49=TW|56=ISLD|34=" + next + "|52=" + time + "|112=still-there|");
        session.poll(now[0]);
        if (session.state() == SessionState.LOGGED_ON) {
            assertTrue(channel.sent().stream().anyMatch(m -> m.contains("|35=0|") && m.contains("|112=still-there|")),
                    "a TestRequest after the input is answered");
        }
    }

    /** SendingTime text for a fake clock. */
    static final class UtcTimeText {
        static String of(long epochMillis) {
            return java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS")
                    .format(java.time.Instant.ofEpochMilli(epochMillis).atOffset(java.time.ZoneOffset.UTC));
        }
    }
}
