package org.fixbench.engine.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.Stunnel;
import org.fixbench.engine.Tls;
import org.fixbench.engine.TlsMaterial;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.WaitStrategy;
import org.fixbench.harness.results.BenchmarkResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The raw-TCP floor over TLS through the terminators ({@code tls=terminator}): every order answered, the protocol
 * and cipher recorded, nothing left behind; and each way a TLS session fails (a certificate expired or signed by an
 * authority the client does not trust, a protocol the other end refuses, a terminator that dies) ends in one line
 * naming the engine and the cause.
 */
class TcpTlsTest {
    private static final String TLS = "tcp:yield+tls=terminator";
    private static final int ORDERS = 2_000;

    @TempDir
    Path tmp;

    @BeforeEach
    void stunnelIsInstalled() {
        assumeTrue(Stunnel.missing() == null, Stunnel.missing());
    }

    @Test
    void everyOrderIsAnsweredOverTlsAndTheHandshakeIsRecorded() throws Exception {
        EngineSpec spec = EngineSpec.parse(TLS);
        assertEquals(Tls.TERMINATOR, spec.engine().tls(spec.profileFile()));
        Path work = tmp.resolve("work");
        RoundTripTask task = new RoundTripTask(spec, work, InetAddress.getLoopbackAddress(), Duration.ofSeconds(20));
        BenchmarkResult result = new LatencyBenchmark(HarnessConfig.builder("tls").targetRatePerSecond(2_000)
                .iterationsPerRun(ORDERS).warmupIterations(50).runs(1).waitStrategy(WaitStrategy.BACKOFF)
                .hiccupMeter(false).jitterMonitor(false).sampleTimeoutNanos(10_000_000_000L).build(), System.out,
                ProgressListener.NONE).run(task, Map.of());

        assertFalse(result.aborted(), result.abortReason());
        assertEquals(ORDERS + 50, task.reportsReceived(), "every order answered over TLS");
        String notes = String.join("\n", task.engineNotes());
        assertTrue(notes.contains("TLS TLSv1.3 TLS_"), "the protocol and cipher negotiated: " + notes);
        assertTrue(notes.contains("stunnel 5.") && notes.contains("OpenSSL "), "the terminator's version: " + notes);
        assertNoTerminatorLeft(work.resolve("tls"));
    }

    /** A profile with settings added keeps its file's name (an engine file's acceptor is named by it). */
    @Test
    void aProfileWithSettingsAddedKeepsItsFileName() {
        EngineSpec spec = EngineSpec.parse(TLS);
        assertEquals("yield.properties", spec.profileFile().getFileName().toString());
        assertFalse(spec.profileFile().equals(spec.baseProfileFile()), "a copy with the settings added");
    }

    @Test
    void anExpiredCertificateEndsTheConnectWithOneLine() throws Exception {
        Path work = tmp.resolve("expired");
        Instant past = Instant.now().minus(Duration.ofDays(10));
        TlsMaterial.in(work.resolve("tls"), past, past.plus(Duration.ofDays(1)));
        String why = failedConnect(work, TLS, TLS);
        assertTrue(why.startsWith("tcp:yield: the TLS session to 127.0.0.1:"), why);
        assertTrue(why.contains("certificate has expired"), why);
    }

    @Test
    void aCertificateOfAnotherAuthorityIsNotTrusted() throws Exception {
        Path work = tmp.resolve("untrusted");
        TlsMaterial ours = TlsMaterial.in(work.resolve("tls"));
        TlsMaterial theirs = TlsMaterial.in(tmp.resolve("other"));
        Files.copy(theirs.caFile(), ours.caFile(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        String why = failedConnect(work, TLS, TLS);
        assertTrue(why.contains("unable to get local issuer certificate") || why.contains("certificate verify failed"),
                why);
    }

    @Test
    void aProtocolTheServerRefusesEndsTheConnectWithOneLine() throws Exception {
        String why = failedConnect(tmp.resolve("protocol"), TLS, TLS + "+tlsProtocol=TLSv1.2");
        assertTrue(why.startsWith("tcp:yield: the TLS session to "), why);
        assertTrue(why.toLowerCase(java.util.Locale.ROOT).contains("protocol"), why);
    }

    @Test
    void aTerminatorThatDiesEndsTheServerAndTheSessionNamingIt() throws Exception {
        Path work = tmp.resolve("dies");
        EngineSpec spec = EngineSpec.parse(TLS);
        CompletableFuture<String> ended = new CompletableFuture<>();
        try (EngineServer server = spec.engine().server(setup(spec, work));
             EngineClient client = spec.engine().client(setup(spec, work))) {
            InetSocketAddress address = server.start();
            client.connect(address, new ReportListener() {
                @Override
                public void onExecutionReport(long clOrdId) {
                }

                @Override
                public void onDisconnect(String reason) {
                    ended.complete(reason);
                }
            }, Duration.ofSeconds(10));
            client.send(1);
            ProcessHandle clientSide = terminator("client");
            clientSide.destroyForcibly();
            String reason = ended.get(10, TimeUnit.SECONDS);
            assertTrue(reason.contains("tcp:yield: the TLS terminator (stunnel, client side, pid "
                    + clientSide.pid() + ") exited"), reason);
            assertFalse(reason.contains("\n"), "one line: " + reason);

            assertEquals(null, server.failure());
            ProcessHandle serverSide = terminator("server");
            serverSide.destroyForcibly();
            serverSide.onExit().get(5, TimeUnit.SECONDS);
            String failure = server.failure();
            assertNotNull(failure, "the server fails with its terminator");
            assertTrue(failure.startsWith("tcp:yield: the TLS terminator (stunnel, server side, pid "
                    + serverSide.pid() + ") exited with status 137"), failure);
        }
        assertNoTerminatorLeft(work.resolve("tls"));
    }

    /** Logs on with the client of {@code clientSpec} to the server of {@code serverSpec}: the one line it fails with. */
    private String failedConnect(Path work, String serverSpec, String clientSpec) throws Exception {
        EngineSpec s = EngineSpec.parse(serverSpec);
        EngineSpec c = EngineSpec.parse(clientSpec);
        String why;
        try (EngineServer server = s.engine().server(setup(s, work));
             EngineClient client = c.engine().client(setup(c, work))) {
            InetSocketAddress address = server.start();
            Exception e = assertThrows(Exception.class, () -> client.connect(address, new ReportListener() {
                @Override
                public void onExecutionReport(long clOrdId) {
                }

                @Override
                public void onDisconnect(String reason) {
                }
            }, Duration.ofSeconds(10)));
            why = e.getMessage();
        }
        System.out.println("refused: " + why);
        assertFalse(why.contains("\n"), "one line: " + why);
        assertNoTerminatorLeft(work.resolve("tls"));
        return why;
    }

    private static EngineSetup setup(EngineSpec spec, Path work) {
        return new EngineSetup(spec.profile(), spec.profileFile(), work,
                InetAddress.getLoopbackAddress(), ServerHooks.NONE, role -> { });
    }

    /** The stunnel this JVM started for {@code side}. */
    private static ProcessHandle terminator(String side) {
        return ProcessHandle.current().children()
                .filter(p -> p.info().commandLine().orElse("").contains("stunnel-" + side + "-"))
                .findFirst().orElseThrow(() -> new AssertionError("no " + side + " side stunnel running"));
    }

    /** No stunnel of this JVM runs, and none of their files is left in {@code folder}. */
    private static void assertNoTerminatorLeft(Path folder) throws Exception {
        assertEquals(List.of(), ProcessHandle.current().children()
                .filter(p -> p.info().command().orElse("").endsWith("stunnel")).map(ProcessHandle::pid).toList());
        if (Files.isDirectory(folder)) {
            try (Stream<Path> files = Files.list(folder)) {
                assertEquals(List.of(), files.map(f -> f.getFileName().toString())
                        .filter(f -> f.startsWith("stunnel-")).toList());
            }
        }
    }
}
