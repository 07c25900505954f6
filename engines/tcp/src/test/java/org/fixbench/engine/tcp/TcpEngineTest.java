package org.fixbench.engine.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Properties;

import org.fixbench.engine.EngineContractTest;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.Workload;
import org.junit.jupiter.api.Test;

class TcpEngineTest extends EngineContractTest {
    @Override
    protected String engineUnderTest() {
        return "tcp:yield";
    }

    @Override
    protected long inMemoryBytesPerRoundTrip() {
        return 0;
    }

    @Test
    void framesHaveTheWorkloadsByteCounts() {
        FrameLengths fixed = FrameLengths.of(org.fixbench.engine.OrderFlow.fixed());
        assertEquals(Workload.sampleNewOrderSingle(1_234_567_890_123_456L, 2, Instant.EPOCH).length, fixed.order(0));
        assertEquals(Workload.sampleExecutionReport(1_234_567_890_123_456L, 1, 2, Instant.EPOCH).length,
                fixed.report(0));
        assertEquals(fixed.order(0), Frames.orderFrame(fixed.maxOrder()).remaining());
        assertEquals(0, fixed.next(0), "one frame, again and again");
        assertTrue(TcpEngine.ORDER_BYTES > 150, "a realistic NewOrderSingle: " + TcpEngine.ORDER_BYTES);
    }

    /** The floor parses nothing: its frames are as long as each order of the workload and its report. */
    @Test
    void mixedFramesAreAsLongAsEachOrderAndItsReport() {
        org.fixbench.engine.OrderFlow flow = org.fixbench.engine.OrderFlow.mixed(5);
        FrameLengths lengths = FrameLengths.of(flow);
        java.util.Set<Integer> distinct = new java.util.HashSet<>();
        for (int i = 0; i < flow.size(); i++) {
            org.fixbench.engine.Order o = flow.order(i);
            String id = "1234567890123456789" + o.clOrdIdTail();
            assertEquals(Workload.sampleRequest(o, id, id, 2, Instant.EPOCH).length, lengths.order(i));
            assertEquals(Workload.sampleReport(o, id, id, 1, 2, Instant.EPOCH).length, lengths.report(i));
            distinct.add(lengths.order(i));
        }
        assertTrue(distinct.size() > 20, "orders of many lengths: " + distinct.size());
        assertEquals(0, lengths.next(flow.size() - 1));
    }

    @Test
    void allThreeModesAreProfiles() {
        assertEquals("spin", EngineSpec.parse("tcp").profile());
        EngineSpec.parse("tcp:blocking");
        EngineSpec.parse("tcp:yield");
    }

    @Test
    void aBadModeIsRejectedWithOneLine() {
        Properties p = new Properties();
        p.setProperty("mode", "turbo");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TcpEngine.Mode.of(p));
        assertEquals("tcp profile: mode must be spin, yield or blocking (was 'turbo')", e.getMessage());
    }

    /** A client that sends session 0's orders on session 1 and back: each session's reports must be its own. */
    @Test
    void aReportOnAnotherSessionEndsTheBenchmark() {
        EngineSpec real = EngineSpec.parse("tcp:yield");
        org.fixbench.engine.FixEngine swapping = new org.fixbench.engine.FixEngine() {
            public String name() { return "tcp"; }
            public String defaultProfile() { return "yield"; }
            public java.util.Map<String, String> versions() { return real.engine().versions(); }
            public java.util.List<org.fixbench.engine.Setting> settings() { return real.engine().settings(); }
            public int maxSessions() { return real.engine().maxSessions(); }
            public org.fixbench.engine.EngineServer server(org.fixbench.engine.EngineSetup setup) throws Exception {
                return real.engine().server(setup);
            }
            public org.fixbench.engine.EngineClient client(org.fixbench.engine.EngineSetup setup) throws Exception {
                org.fixbench.engine.EngineClient inner = real.engine().client(setup);
                return new org.fixbench.engine.EngineClient() {
                    public void connect(java.net.InetSocketAddress server, org.fixbench.engine.ReportListener l,
                                        java.time.Duration timeout) throws Exception {
                        inner.connect(server, l, timeout);
                    }
                    public void send(long clOrdId) { inner.send(clOrdId); }
                    public void send(int session, long clOrdId) { inner.send(session < 2 ? 1 - session : session, clOrdId); }
                    public void close() throws Exception { inner.close(); }
                };
            }
        };
        org.fixbench.engine.RoundTripTask task = new org.fixbench.engine.RoundTripTask(
                new EngineSpec(swapping, real.profile()), tmp.resolve("swap"), java.net.InetAddress.getLoopbackAddress(),
                java.time.Duration.ofSeconds(20)).sessions(3);
        org.fixbench.harness.results.BenchmarkResult result = new org.fixbench.harness.LatencyBenchmark(
                config("swap").build(), System.out, org.fixbench.harness.ProgressListener.NONE)
                .run(task, java.util.Map.of());
        assertTrue(result.aborted(), "a report on the wrong session must end the benchmark");
        assertTrue(result.abortReason().contains("session 1: ExecutionReport #1 echoed ClOrdID")
                || result.abortReason().contains("session 2: ExecutionReport #1 echoed ClOrdID"),
                result.abortReason());
    }

    @Test
    void noLegsAreMeasuredWhenTheServerServesAnotherClientsSessionToo() {
        EngineSpec spec = EngineSpec.parse("tcp:spin");
        java.nio.file.Path ring = tmp.resolve("ring");
        java.net.InetSocketAddress server = new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(),
                9);
        assertTrue(org.fixbench.engine.RoundTripTask.againstServer(spec, server, ring, tmp, java.time.Duration
                .ofSeconds(1)).measuresLegs(), "one session, the server's alone, a ring: legs measured");
        assertTrue(org.fixbench.engine.RoundTripTask.againstServer(spec, server, ring, tmp, java.time.Duration
                .ofSeconds(1)).identities(0, 1).measuresLegs(), "the one identity of one: legs measured");
        // a slow consumer's own session beside it (slow-consumer --sessions 2): the server's k-th order is not ours
        assertFalse(org.fixbench.engine.RoundTripTask.againstServer(spec, server, ring, tmp, java.time.Duration
                .ofSeconds(1)).identities(1, 2).measuresLegs(), "session 2 of 2: the hooks would pair other orders");
    }
}
