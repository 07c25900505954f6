package org.fixbench.engine.philadelphia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineContractTest;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.ServerHooks;
import org.junit.jupiter.api.Test;

class PhiladelphiaEngineTest extends EngineContractTest {
    @Override
    protected String engineUnderTest() {
        return "philadelphia:yield";
    }

    @Override
    protected long inMemoryBytesPerRoundTrip() {
        return 0;
    }

    /** `serve` accepted exactly once: a second client after the first had gone was never answered. */
    @Test
    void theServerServesOneConnectionAfterAnother() throws Exception {
        EngineSpec spec = EngineSpec.parse(engineUnderTest());
        EngineSetup setup = new EngineSetup(spec.profile(), spec.profileFile(), tmp.resolve("again"),
                InetAddress.getLoopbackAddress(), ServerHooks.NONE, role -> { });
        try (EngineServer server = spec.engine().server(setup)) {
            InetSocketAddress address = server.start();
            for (long clOrdId = 1; clOrdId <= 3; clOrdId++) {
                BlockingQueue<Long> reports = new ArrayBlockingQueue<>(4);
                try (EngineClient client = spec.engine().client(setup)) {
                    client.connect(address, new org.fixbench.engine.ReportListener() {
                        @Override
                        public void onExecutionReport(long id) {
                            reports.add(id);
                        }

                        @Override
                        public void onDisconnect(String reason) {
                        }
                    }, Duration.ofSeconds(10));
                    client.send(clOrdId);
                    long deadline = System.nanoTime() + 10_000_000_000L;
                    Long report = null;
                    while (report == null && System.nanoTime() < deadline) {
                        client.poll();
                        report = reports.poll(1, TimeUnit.MILLISECONDS);
                    }
                    assertEquals(clOrdId, report, "connection " + clOrdId + " was answered");
                }
            }
            assertNull(server.failure());
        }
    }

    /** A Logon from an identity the benchmark did not name, or one already logged on, is refused. */
    @Test
    void aLogonFromAnUnknownOrBusyIdentityIsRefused() throws Exception {
        EngineSpec spec = EngineSpec.parse(engineUnderTest());
        EngineSetup serverSetup = new EngineSetup(spec.profile(), spec.profileFile(), tmp.resolve("who"),
                InetAddress.getLoopbackAddress(), ServerHooks.NONE, role -> { }).withSessions(2);
        org.fixbench.engine.ReportListener quiet = new org.fixbench.engine.ReportListener() {
            @Override
            public void onExecutionReport(long id) {
            }

            @Override
            public void onDisconnect(String reason) {
            }
        };
        try (EngineServer server = spec.engine().server(serverSetup)) {
            InetSocketAddress address = server.start();
            EngineSetup intruder = new EngineSetup(spec.profile(), spec.profileFile(), tmp.resolve("who"),
                    InetAddress.getLoopbackAddress(), 0, org.fixbench.engine.Workload.SERVER_COMP_ID, "INTRUDER",
                    ServerHooks.NONE, role -> { });
            try (EngineClient client = spec.engine().client(intruder)) {
                org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                        () -> client.connect(address, quiet, Duration.ofSeconds(10)), "an unknown identity");
            }
            // session 2's identity, alone (a client of one session): logged on; a second one with it is refused
            EngineSetup second = new EngineSetup(spec.profile(), spec.profileFile(), tmp.resolve("who"),
                    InetAddress.getLoopbackAddress(), 0, org.fixbench.engine.Workload.SERVER_COMP_ID,
                    serverSetup.clientCompIds().get(1), ServerHooks.NONE, role -> { });
            try (EngineClient first = spec.engine().client(second);
                 EngineClient again = spec.engine().client(second)) {
                first.connect(address, quiet, Duration.ofSeconds(10));
                org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                        () -> again.connect(address, quiet, Duration.ofSeconds(10)), "an identity held already");
            }
            assertNull(server.failure());
        }
    }
}
