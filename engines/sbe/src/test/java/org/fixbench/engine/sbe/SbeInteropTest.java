package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.FixConfigs;
import org.fixbench.engine.Interop;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.fixbench.fix.session.FixSession;

/**
 * The sbe engine against QuickFIX/J (published profile: file store, dictionary validation), both ways: logon,
 * 1,000 orders and reports, heartbeats over an idle interval, a forced sequence gap in each direction recovered by
 * ResendRequest (gap fill from QuickFIX/J; stored orders or reports resent with PossDupFlag from sbe), logout.
 */
class SbeInteropTest {
    private static final quickfix.SessionID QFJ_SERVER =
            new quickfix.SessionID("FIX.4.4", Workload.SERVER_COMP_ID, Workload.CLIENT_COMP_ID);
    private static final quickfix.SessionID QFJ_CLIENT =
            new quickfix.SessionID("FIX.4.4", Workload.CLIENT_COMP_ID, Workload.SERVER_COMP_ID);

    @TempDir
    Path tmp;

    @Test
    void thousandOrdersSbeClientWithQuickFixJServer() {
        Interop.roundTrips("quickfixj:published", "sbe:yield", 1_000, tmp);
    }

    @Test
    void thousandOrdersQuickFixJClientWithSbeServer() {
        Interop.roundTrips("sbe:yield", "quickfixj:published", 1_000, tmp);
    }

    /** QuickFIX/J published with a 1-second HeartBtInt, so that heartbeats happen within a test. */
    private Path quickFixJProfile() throws Exception {
        Path published = FixConfigs.profileFile("quickfixj", "published");
        Path copy = tmp.resolve("qfj-hb1.cfg");
        Files.writeString(copy, Files.readString(published).replace("HeartBtInt=30", "HeartBtInt=1"));
        return copy;
    }

    @Test
    void sbeInitiatorWithQuickFixJAcceptor() throws Exception {
        Path work = Files.createDirectories(tmp.resolve("qfj-server"));
        EngineSetup setup = new EngineSetup("published", quickFixJProfile(), work, InetAddress.getLoopbackAddress(),
                ServerHooks.NONE, role -> { });
        try (EngineServer server = EngineSpec.parse("quickfixj").engine().server(setup)) {
            InetSocketAddress address = server.start();
            try (SbeTestInitiator sbe = new SbeTestInitiator(address, 1)) {
                FixSession s = sbe.session();
                for (long id = 1; id <= 10; id++) {
                    sbe.sendOrder(id);
                }
                sbe.pollUntil(() -> sbe.reports().size() == 10, "10 reports");

                long sent = s.nextSenderSeq();
                long received = s.nextTargetSeq();
                sbe.pollFor(2_500);
                assertTrue(s.isLoggedOn(), "still logged on after an idle interval");
                assertTrue(s.nextSenderSeq() >= sent + 2, "sbe sent heartbeats: " + sent + " -> " + s.nextSenderSeq());
                assertTrue(s.nextTargetSeq() >= received + 2, "QuickFIX/J sent heartbeats: " + received + " -> "
                        + s.nextTargetSeq());

                // a gap from QuickFIX/J: its next message skips 5 numbers; sbe asks, QuickFIX/J gap-fills
                quickfix.Session qfj = quickfix.Session.lookupSession(QFJ_SERVER);
                qfj.setNextSenderMsgSeqNum(qfj.getExpectedSenderNum() + 5);
                sbe.sendOrder(11);
                sbe.pollUntil(() -> sbe.reports().contains(11L), "the report sent after the gap");
                sbe.pollUntil(() -> s.nextTargetSeq() == qfj.getExpectedSenderNum(), "sequence numbers agree again");

                // a gap seen by QuickFIX/J: it asks for sbe's last three orders again; sbe resends them from its store
                for (long id = 12; id <= 14; id++) {
                    sbe.sendOrder(id);
                }
                sbe.pollUntil(() -> sbe.reports().contains(14L), "reports 12-14");
                qfj.setNextTargetMsgSeqNum(qfj.getExpectedTargetNum() - 3);
                sbe.sendOrder(15);
                sbe.pollUntil(() -> count(sbe.reports(), 12) == 2 && count(sbe.reports(), 13) == 2
                        && count(sbe.reports(), 14) == 2 && sbe.reports().contains(15L), "orders 12-14 resent and answered");
                assertTrue(s.isLoggedOn(), s.endReason());

                s.logout(null);
                sbe.pollUntil(() -> s.endReason() != null, "logout answered");
                assertEquals("logged out", s.endReason());
            }
        }
    }

    @Test
    void quickFixJInitiatorWithSbeAcceptor() throws Exception {
        Path work = Files.createDirectories(tmp.resolve("sbe-server"));
        EngineSpec sbeSpec = EngineSpec.parse("sbe:yield");
        EngineSetup serverSetup = new EngineSetup(sbeSpec.profile(), sbeSpec.profileFile(), work,
                InetAddress.getLoopbackAddress(), ServerHooks.NONE, role -> { });
        Path clientWork = Files.createDirectories(tmp.resolve("qfj-client"));
        EngineSetup clientSetup = new EngineSetup("published", quickFixJProfile(), clientWork,
                InetAddress.getLoopbackAddress(), ServerHooks.NONE, role -> { });
        List<Long> reports = new CopyOnWriteArrayList<>();
        List<String> ended = new CopyOnWriteArrayList<>();
        try (EngineServer server = sbeSpec.engine().server(serverSetup);
             EngineClient client = EngineSpec.parse("quickfixj").engine().client(clientSetup)) {
            InetSocketAddress address = server.start();
            client.connect(address, new ReportListener() {
                @Override
                public void onExecutionReport(long clOrdId) {
                    reports.add(clOrdId);
                }

                @Override
                public void onDisconnect(String reason) {
                    ended.add(reason);
                }
            }, Duration.ofSeconds(10));
            for (long id = 1; id <= 10; id++) {
                client.send(id);
            }
            waitFor(() -> reports.size() == 10, "10 reports");

            quickfix.Session qfj = quickfix.Session.lookupSession(QFJ_CLIENT);
            int sent = qfj.getExpectedSenderNum();
            int received = qfj.getExpectedTargetNum();
            // two heartbeats each way, waited for (a fixed 2.5 s until 2026-12-02)
            waitFor(() -> qfj.getExpectedTargetNum() >= received + 2 && qfj.getExpectedSenderNum() >= sent + 2,
                    "two heartbeats each way");
            assertTrue(qfj.isLoggedOn() && ended.isEmpty(), "still logged on: " + ended);
            assertTrue(qfj.getExpectedTargetNum() >= received + 2, "sbe sent heartbeats: " + received + " -> "
                    + qfj.getExpectedTargetNum());
            assertTrue(qfj.getExpectedSenderNum() >= sent + 2, "QuickFIX/J sent heartbeats");

            // a gap seen by sbe: QuickFIX/J skips 5 numbers; sbe asks, QuickFIX/J gap-fills, the order is answered
            qfj.setNextSenderMsgSeqNum(qfj.getExpectedSenderNum() + 5);
            client.send(11);
            waitFor(() -> reports.contains(11L), "the order sent after the gap answered");

            // a gap seen by QuickFIX/J: it asks for sbe's last three reports again; sbe resends them from its store
            for (long id = 12; id <= 14; id++) {
                client.send(id);
            }
            waitFor(() -> reports.contains(14L), "reports 12-14");
            qfj.setNextTargetMsgSeqNum(qfj.getExpectedTargetNum() - 3);
            client.send(15);
            waitFor(() -> count(reports, 12) == 2 && count(reports, 13) == 2 && count(reports, 14) == 2
                    && reports.contains(15L), "reports 12-14 resent");
            assertTrue(qfj.isLoggedOn() && ended.isEmpty(), "still logged on: " + ended);
        }
        assertTrue(ended.isEmpty(), "an orderly logout: " + ended);
        // the Logout handshake, as QuickFIX/J's message log saw it: its Logout out, sbe's Logout back
        List<String> logouts = new java.util.ArrayList<>();
        try (var logs = Files.walk(clientWork)) {
            for (Path log : logs.filter(p -> p.toString().endsWith(".messages.log")).toList()) {
                Files.readAllLines(log).stream().filter(line -> line.contains("\u000135=5\u0001")).forEach(logouts::add);
            }
        }
        assertTrue(logouts.stream().anyMatch(l -> l.contains("49=" + Workload.CLIENT_COMP_ID + "\u0001"))
                && logouts.stream().anyMatch(l -> l.contains("49=" + Workload.SERVER_COMP_ID + "\u0001")),
                "a Logout each way: " + logouts);
    }

    private static long count(List<Long> reports, long id) {
        return reports.stream().filter(r -> r == id).count();
    }

    static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(5);
        }
    }
}
