package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fixbench.engine.FixConfigs;
import org.fixbench.engine.OrderFlow;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.Workload;
import org.fixbench.fix.session.SessionConfig;
import org.junit.jupiter.api.Test;

/**
 * An initiator asked to resend more than its send buffer holds, by a peer that answers what it resends and stops
 * reading while its answers go unread (as a FIX acceptor, sbe's among them, does): the initiator replays in chunks as
 * the peer reads and reads the peer's answers meanwhile, rather than waiting inside a write for a peer that waits for
 * it (resend-storm --by cut found that deadlock at 100,000 orders).
 */
class InitiatorReplayTest {
    private static final Pattern SEQ = Pattern.compile("\u000134=(\\d+)\u0001");

    @Test
    void aReplayLargerThanTheSendBufferGoesInChunksWhileThePeersAnswersAreRead() {
        Properties p = FixConfigs.properties(FixConfigs.profileFile("sbe", "yield"));
        p.setProperty("maxMessageBytes", "1024");
        p.setProperty("bufferBytes", "8192"); // the send buffer: about 30 orders
        p.setProperty("storeBytes", Integer.toString(1 << 20));
        p.setProperty("storeMessages", "4096");
        SessionConfig config = SessionConfig.of(p, Workload.CLIENT_COMP_ID, Workload.SERVER_COMP_ID, false);
        SbeClient client = new SbeClient(config, OrderFlow.fixed());
        SessionOnFakeClockTest.FakeChannel channel = new SessionOnFakeClockTest.FakeChannel();
        List<Long> answered = new ArrayList<>();
        List<String> ended = new ArrayList<>();
        client.attach(channel, new ReportListener() {
            @Override
            public void onExecutionReport(long clOrdId) {
                answered.add(clOrdId);
            }

            @Override
            public void onDisconnect(String reason) {
                ended.add(reason);
            }
        });
        client.session().sendLogon(true);
        channel.toSession.put(RawFixPeer.frame("FIX.4.4", "35=A|49=" + Workload.SERVER_COMP_ID + "|56="
                + Workload.CLIENT_COMP_ID + "|34=1|52=" + now() + "|98=0|108=30|141=Y|"));
        client.poll();
        assertTrue(client.session().isLoggedOn(), String.valueOf(ended));
        int orders = 500; // about 100 KB: twelve times the send buffer
        for (int i = 0; i < orders; i++) {
            client.send(1_000_000L + i);
        }
        channel.fromSession.setLength(0);

        // the peer asks for every order again and reads nothing more for now
        channel.window = 0;
        channel.toSession.put(RawFixPeer.frame("FIX.4.4", "35=2|49=" + Workload.SERVER_COMP_ID + "|56="
                + Workload.CLIENT_COMP_ID + "|34=2|52=" + now() + "|7=2|16=0|"));
        long started = System.nanoTime();
        client.poll();
        assertTrue(System.nanoTime() - started < 500_000_000L, "the poll did not wait for the peer to read");
        assertNull(client.session().endReason(), "the session did not end for a peer that reads slowly");

        // while the replay waits for room, the peer's answers are read and handed on
        channel.toSession.put(Workload.sampleExecutionReport(1_000_000L, 1, 3, Instant.now()));
        client.poll();
        assertEquals(List.of(1_000_000L), answered, "an answer read mid-replay");

        // the peer reads on, a little at a time: the replay goes on from where it stopped, in order, to the end
        for (int i = 0; i < 10_000; i++) {
            channel.window = 4096;
            client.poll();
            if (channel.window > 0) {
                break; // it left room unused: nothing more to send
            }
        }
        List<Long> resent = new ArrayList<>();
        for (String m : channel.fromSession.toString().split("(?<=\u000110=\\d{3}\u0001)")) {
            Matcher seq = SEQ.matcher(m);
            assertTrue(seq.find(), m);
            assertTrue(m.contains("\u000143=Y\u0001"), "resent with PossDupFlag: " + m);
            resent.add(Long.parseLong(seq.group(1)));
        }
        List<Long> expected = new ArrayList<>();
        for (long seq = 2; seq < 2 + orders; seq++) {
            expected.add(seq);
        }
        assertEquals(expected, resent, "every order resent once, in order");
        assertNull(client.session().endReason());
        assertTrue(ended.isEmpty(), String.valueOf(ended));
    }

    private static String now() {
        return java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS")
                .format(Instant.now().atOffset(java.time.ZoneOffset.UTC));
    }
}
