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
}
