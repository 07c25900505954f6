package org.fixbench.engine.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.FixEngine;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.Stunnel;
import org.fixbench.engine.Tls;
import org.fixbench.engine.TlsMaterial;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gateway that runs elsewhere and speaks TLS itself ({@code tls=native}, {@code tlsTrust}): {@link TestGateway}
 * behind a TLS front of its own (stunnel, with a certificate of an authority the test makes), as a venue's
 * internet-facing gateway is. {@code check} and the engine reach it through the client's terminator, trusting the
 * file's authority alone; a gateway whose certificate another authority signed is refused in one line.
 */
class NativeTlsGatewayTest {
    @TempDir
    Path dir;

    private StartedAcceptor gateway;
    private Stunnel front;
    private TlsMaterial venue;

    private EngineSetup setup(Path file) throws Exception {
        Path work = Files.createDirectories(dir.resolve("work-" + System.nanoTime()));
        return new EngineSetup(file.toString(), file, work, InetAddress.getLoopbackAddress(), ServerHooks.NONE,
                role -> { });
    }

    @BeforeEach
    void startAGatewayWithATlsFrontOfItsOwn() throws Exception {
        assumeTrue(Stunnel.missing() == null, Stunnel.missing());
        Path plain = TestGateway.engineFileWithFlags(dir.resolve("plain.properties"), "-XX:TieredStopAtLevel=1",
                "s3cret", "ack", "clientCompId=ACME-TRADER", "serverCompId=VENUE-GW",
                "logonFields=553=trader|554=s3cret");
        EngineSetup setup = setup(plain);
        gateway = new StartedAcceptor(EngineFile.read(plain), setup, ExternalEngine.home());
        InetSocketAddress backend = gateway.start();
        venue = TlsMaterial.in(Files.createDirectories(dir.resolve("venue-tls")));
        front = Stunnel.server(venue, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), backend, "TLSv1.3",
                setup, "venue");
    }

    @AfterEach
    void stop() throws Exception {
        if (front != null) {
            front.close();
        }
        if (gateway != null) {
            gateway.close();
        }
    }

    private Path file(String name, String host, Path trust) throws Exception {
        return Files.writeString(dir.resolve(name + ".properties"), String.join("\n", "clientCompId=ACME-TRADER",
                "serverCompId=VENUE-GW", "logonFields=553=trader|554=s3cret", "idle=yield",
                "address=" + host + ":" + front.address().getPort(), "tls=native", "tlsTrust=" + trust) + "\n");
    }

    private static String check(Path file) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int status = Check.run(file, null, Duration.ofMillis(2_000), new PrintStream(bytes, true,
                StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        return status + "\n" + out;
    }

    @Test
    void checkReachesItByAddressAndByNameTrustingTheFilesAuthority() throws Exception {
        for (String host : List.of("127.0.0.1", "localhost")) {
            String out = check(file("venue-" + host, host, venue.caFile()));
            assertTrue(out.startsWith("0\n"), out);
            assertTrue(out.contains("TLS: TLSv1.3 TLS_AES_256_GCM_SHA384 (the acceptor's own TLS; stunnel "), out);
            assertTrue(out.contains("READY: the order's ExecutionReport echoed ClOrdID"), out);
            assertTrue(!out.contains("s3cret"), out);
        }
    }

    @Test
    void aCertificateAnotherAuthoritySignedIsRefusedInOneLine() throws Exception {
        TlsMaterial other = TlsMaterial.in(Files.createDirectories(dir.resolve("other-tls")));
        String out = check(file("foreign", "127.0.0.1", other.caFile()));
        assertTrue(out.startsWith("1\n"), out);
        String line = out.lines().filter(l -> l.startsWith("NOT READY: ")).findFirst().orElse(out);
        assertTrue(line.contains("the TLS session to") && line.contains("certificate"), line);
    }

    @Test
    void theEngineSendsEveryOrderThroughItsTerminatorAndNamesWhatWasNegotiated() throws Exception {
        Path file = file("venue-engine", "127.0.0.1", venue.caFile());
        FixEngine engine = EngineSpec.engine("external");
        assertEquals(Tls.NATIVE, engine.tls(file));
        EngineSetup setup = setup(file);
        List<Long> reports = new CopyOnWriteArrayList<>();
        List<String> ends = new CopyOnWriteArrayList<>();
        ReportListener listener = new ReportListener() {
            @Override
            public void onExecutionReport(long clOrdId) {
                reports.add(clOrdId);
            }

            @Override
            public void onDisconnect(String reason) {
                ends.add(reason);
            }
        };
        try (EngineClient client = engine.client(setup)) {
            client.connect(front.address(), listener, Duration.ofSeconds(20));
            long base = System.nanoTime();
            for (int i = 0; i < 20; i++) {
                client.send(base + i);
            }
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (reports.size() < 20 && ends.isEmpty() && System.nanoTime() < deadline) {
                client.poll();
            }
            assertEquals(20, reports.size(), "every order answered: " + ends);
        }
        assertNull(gateway.failure());
        assertTrue(setup.notes().stream().anyMatch(n -> n.startsWith("TLS TLSv1.3 TLS_AES_256_GCM_SHA384 through "
                + "the server's own TLS, stunnel ")), setup.notes().toString());
        try (Stream<Path> left = Files.list(setup.workDirectory().resolve("tls"))) {
            assertEquals(List.of(), left.filter(p -> p.getFileName().toString().startsWith("stunnel-")).toList(),
                    "the client's terminator left no file");
        }
    }
}
