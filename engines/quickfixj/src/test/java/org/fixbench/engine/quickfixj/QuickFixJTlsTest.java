package org.fixbench.engine.quickfixj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.Tls;
import org.fixbench.engine.TlsMaterial;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.WaitStrategy;
import org.fixbench.harness.results.BenchmarkResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * QuickFIX/J's own TLS ({@code quickfixj:tls}) with the run's certificates: every order answered, the protocol and
 * cipher recorded, no key store left; a profile naming its own key store is refused; a certificate the client
 * cannot trust ends the connect in one line.
 */
class QuickFixJTlsTest {
    private static final int ORDERS = 1_000;

    @TempDir
    Path tmp;

    @Test
    void everyOrderIsAnsweredOverItsOwnTlsAndTheHandshakeIsRecorded() throws Exception {
        EngineSpec spec = EngineSpec.parse("quickfixj:tls");
        assertEquals(Tls.NATIVE, spec.engine().tls(spec.profileFile()));
        Path work = tmp.resolve("work");
        RoundTripTask task = new RoundTripTask(spec, work, InetAddress.getLoopbackAddress(), Duration.ofSeconds(20));
        BenchmarkResult result = new LatencyBenchmark(HarnessConfig.builder("tls").targetRatePerSecond(1_000)
                .iterationsPerRun(ORDERS).warmupIterations(50).runs(1).waitStrategy(WaitStrategy.BACKOFF)
                .hiccupMeter(false).jitterMonitor(false).sampleTimeoutNanos(10_000_000_000L).build(), System.out,
                ProgressListener.NONE).run(task, Map.of());

        assertFalse(result.aborted(), result.abortReason());
        assertEquals(ORDERS + 50, task.reportsReceived(), "every order answered over TLS");
        String notes = String.join("\n", task.engineNotes());
        assertTrue(notes.contains("TLS TLSv1.3 TLS_"), "the protocol and cipher negotiated: " + notes);
        try (Stream<Path> files = Files.walk(work)) {
            assertEquals(List.of(), files.filter(f -> f.toString().endsWith(".p12")).toList(), "no key store left");
        }
    }

    @Test
    void aProfileThatNamesItsOwnKeyStoreIsRefused() {
        EngineSpec spec = EngineSpec.parse("quickfixj:tls");
        Path own = tmp.resolve("own.cfg");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
            Files.writeString(own, Files.readString(spec.profileFile()) + "SocketKeyStore=quickfixj.keystore\n");
            spec.engine().server(setup("tls", own, tmp.resolve("own"))).start();
        });
        assertEquals(own + ": SocketKeyStore is set by the suite for a TLS session (certificates made for the run); "
                + "the profile must leave it out", e.getMessage());
    }

    @Test
    void anExpiredCertificateEndsTheConnectWithOneLine() throws Exception {
        Exception e = connectWithAnExpiredCertificate(tmp.resolve("expired"));
        System.out.println("refused: " + e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().contains("expired") || e.getMessage().contains("NotAfter"), e.getMessage());
    }

    /** What a client's connect threw, its server presenting a certificate that expired 9 days ago. */
    private static Exception connectWithAnExpiredCertificate(Path work) throws Exception {
        Instant past = Instant.now().minus(Duration.ofDays(10));
        TlsMaterial.in(work.resolve("tls"), past, past.plus(Duration.ofDays(1)));
        EngineSpec spec = EngineSpec.parse("quickfixj:tls");
        try (EngineServer server = spec.engine().server(setup(spec.profile(), spec.profileFile(), work));
             EngineClient client = spec.engine().client(setup(spec.profile(), spec.profileFile(), work))) {
            InetSocketAddress address = server.start();
            return assertThrows(Exception.class, () -> client.connect(address, new ReportListener() {
                @Override
                public void onExecutionReport(long clOrdId) {
                }

                @Override
                public void onDisconnect(String reason) {
                }
            }, Duration.ofSeconds(5)));
        }
    }

    /**
     * The stores' password, planted: after a run over TLS and a handshake that failed, it is in no file of the work
     * folder, no line printed, no engine note and no error.
     */
    @Test
    void thePasswordOfItsStoresIsNeverWrittenNorPrinted() throws Exception {
        String planted = "PlantedStorePassword4711";
        java.util.function.Supplier<char[]> before = QuickFixJTls.passwords;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        java.io.PrintStream out = System.out;
        java.io.PrintStream err = System.err;
        java.io.PrintStream tee = new java.io.PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                out.write(b);
                printed.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                out.write(b, off, len);
                printed.write(b, off, len);
            }
        }, true);
        QuickFixJTls.passwords = planted::toCharArray;
        StringBuilder said = new StringBuilder();
        try {
            System.setOut(tee);
            System.setErr(tee);
            EngineSpec spec = EngineSpec.parse("quickfixj:tls");
            Path work = tmp.resolve("planted");
            RoundTripTask task = new RoundTripTask(spec, work, InetAddress.getLoopbackAddress(),
                    Duration.ofSeconds(20));
            BenchmarkResult result = new LatencyBenchmark(HarnessConfig.builder("planted").targetRatePerSecond(1_000)
                    .iterationsPerRun(200).warmupIterations(20).runs(1).waitStrategy(WaitStrategy.BACKOFF)
                    .hiccupMeter(false).jitterMonitor(false).build(), tee, ProgressListener.NONE).run(task, Map.of());
            assertFalse(result.aborted(), result.abortReason());
            said.append(String.join("\n", task.engineNotes()));

            Exception e = connectWithAnExpiredCertificate(tmp.resolve("planted-expired"));
            java.io.StringWriter trace = new java.io.StringWriter();
            e.printStackTrace(new java.io.PrintWriter(trace));
            said.append('\n').append(trace);
        } finally {
            System.setOut(out);
            System.setErr(err);
            QuickFixJTls.passwords = before;
        }
        assertTrue(said.length() > 0 && printed.size() > 0, "something was said and printed");
        assertFalse(said.toString().contains(planted), "notes and errors");
        assertFalse(printed.toString(java.nio.charset.StandardCharsets.UTF_8).contains(planted), "console");
        byte[] needle = planted.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        try (Stream<Path> files = Files.walk(tmp)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String text = new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1);
                assertFalse(text.contains(new String(needle, java.nio.charset.StandardCharsets.ISO_8859_1)),
                        "written in " + f);
            }
        }
    }

    private static EngineSetup setup(String profile, Path file, Path work) {
        return new EngineSetup(profile, file, work, InetAddress.getLoopbackAddress(), ServerHooks.NONE, role -> { });
    }
}
