package org.fixbench.fix.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

import org.fixbench.engine.ServerHooks;
import org.fixbench.fix.codec.MsgTypes;
import org.junit.jupiter.api.Test;

/** What the sender keeps for resends, whether or not the connection took the message. */
class SessionSenderTest {
    /** A connection cut as the message is written: every write fails, as on a reset connection. */
    private static final class CutChannel implements ByteChannel {
        @Override
        public int read(ByteBuffer dst) {
            return 0;
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            throw new IOException("Connection reset by peer");
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }

    @Test
    void aReportWhoseWriteFailedIsKeptUnderTheNumberItUsedSoThatItIsResentNotGapFilled() {
        SessionConfig config = config("SERVER", "CLIENT", true);
        SessionRecord record = new SessionRecord(1 << 20, 1 << 10).allocate();
        long now = 1_764_300_000_000L;
        SessionSender sender = new SessionSender(config, new CutChannel(), record, now);
        long seq = sender.nextSenderSeq();
        sender.begin(MsgTypes.EXECUTION_REPORT, now).bytesField(11, "42".getBytes(StandardCharsets.US_ASCII));
        assertThrows(SessionSender.SendFailed.class, () -> sender.send(ServerHooks.NONE, now));
        assertEquals(seq + 1, sender.nextSenderSeq(), "the number is used");
        MessageStore store = record.store();
        int at = store.offset(seq);
        assertTrue(at >= 0, "the report is kept for a resend");
        byte[] kept = new byte[store.length(seq)];
        store.buffer().getBytes(at, kept);
        String text = new String(kept, StandardCharsets.US_ASCII);
        assertTrue(text.contains("\u000135=8\u0001") && text.contains("\u000111=42\u0001"), text);
    }

    @Test
    void aSendWhoseWriteFailedSaysItsMessageWasKeptAndALaterSendToTheEndedSessionDoesNot() {
        SessionConfig config = config("CLIENT", "SERVER", false);
        SessionRecord record = new SessionRecord(1 << 20, 1 << 10).allocate();
        FixSession session = new FixSession(config, new CutChannel(), (s, m) -> true, () -> 1_764_300_000_000L,
                line -> { }, record);
        long seq = record.nextSenderSeq();
        session.begin('D' << 8).bytesField(11, "42".getBytes(StandardCharsets.US_ASCII));
        assertThrows(FixSession.KeptUnwritten.class, session::send, "the write failed: the order was kept");
        assertTrue(record.store().offset(seq) >= 0, "kept for a resend");
        session.begin('D' << 8).bytesField(11, "43".getBytes(StandardCharsets.US_ASCII));
        IllegalStateException later = assertThrows(IllegalStateException.class, session::send);
        assertFalse(later instanceof FixSession.KeptUnwritten, "the session had ended: nothing was kept");
        assertTrue(record.store().offset(seq + 1) < 0, "not numbered");
    }

    /** A session-validating config for {@code sender} speaking to {@code target}. */
    private static SessionConfig config(String sender, String target, boolean acceptor) {
        Properties p = new Properties();
        p.setProperty("validation", "session");
        return SessionConfig.of(p, sender, target, acceptor);
    }
}
