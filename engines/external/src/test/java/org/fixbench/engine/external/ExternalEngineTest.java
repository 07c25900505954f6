package org.fixbench.engine.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.fixbench.engine.EngineClient;
import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.ServerHooks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The external engine against {@link TestGateway}, a QuickFIX/J acceptor this test starts through an engine file's
 * command: foreign CompIDs, a Logon password, two reports per order; and each fault an engine file or an acceptor can
 * bring, each ending in one line that names it.
 */
class ExternalEngineTest {
    @TempDir
    Path dir;

    private final List<Long> reports = new CopyOnWriteArrayList<>();
    private final List<String> ends = new CopyOnWriteArrayList<>();
    private final ReportListener listener = new ReportListener() {
        @Override
        public void onExecutionReport(long clOrdId) {
            reports.add(clOrdId);
            events.add("timed " + clOrdId);
        }

        @Override
        public void onDisconnect(String reason) {
            ends.add(reason);
        }

        @Override
        public void onWrongAnswer(int session, String reason) {
            ends.add("wrong answer: " + reason);
        }

        @Override
        public void onStage(int stage, long clOrdId) {
            events.add(ExternalEngine.STAGES.get(stage) + " " + clOrdId);
        }

        @Override
        public void onRequestAnswered(char msgType, long clOrdId) {
            events.add("answered " + msgType + " " + clOrdId);
        }
    };
    /** Each stage, and each timed report ("timed ClOrdID"), in the order they came. */
    private final List<String> events = new CopyOnWriteArrayList<>();

    /** The gateways here answer a few orders each: their JVMs run C1 alone (TestGateway.engineFileWithFlags). */
    private static final String C1_ONLY = "-XX:TieredStopAtLevel=1";

    private Path file(String mode, String password, String... extra) throws Exception {
        List<String> lines = new java.util.ArrayList<>(List.of("clientCompId=ACME-TRADER", "serverCompId=VENUE-GW",
                "logonFields=553=trader|554=" + password, "idle=yield", "versionCommand=echo test-gateway 1.0",
                "startTimeoutMillis=20000"));
        lines.addAll(List.of(extra));
        return TestGateway.engineFileWithFlags(dir.resolve("gateway-" + mode.replaceAll("[^A-Za-z0-9-]", "-")
                + ".properties"), C1_ONLY, "s3cret", mode, lines.toArray(String[]::new));
    }

    private EngineSetup setup(Path file) throws Exception {
        Path work = Files.createDirectories(dir.resolve("work-" + System.nanoTime()));
        return new EngineSetup(file.toString(), file, work, InetAddress.getLoopbackAddress(), ServerHooks.NONE,
                role -> { });
    }

    private static void pollUntil(EngineClient client, java.util.function.BooleanSupplier done, long millis) {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (!done.getAsBoolean() && System.nanoTime() < deadline) {
            client.poll();
        }
    }

    @Test
    void theGatewayAnswersEachOrderTwiceAndOnlyTheFirstReportIsTimed() throws Exception {
        Path file = file("ack-fill", "s3cret");
        EngineSetup setup = setup(file);
        ExternalEngine engine = new ExternalEngine();
        try (EngineServer server = engine.server(setup); EngineClient client = engine.client(setup)) {
            InetSocketAddress address = server.start();
            client.connect(address, listener, Duration.ofSeconds(20));
            long base = System.nanoTime();
            for (int i = 0; i < 20; i++) {
                client.send(base + i);
                pollUntil(client, () -> false, 1);
            }
            pollUntil(client, () -> reports.size() == 20, 10_000);
            pollUntil(client, () -> false, 200); // the last fills
            assertEquals(20, reports.size(), "one timed report per order: " + reports + " " + ends);
            for (int i = 0; i < 20; i++) {
                assertEquals(base + i, reports.get(i));
            }
            assertTrue(ends.isEmpty(), ends.toString());
            assertNull(server.failure());
        }
        String notes = String.join("\n", setup.notes());
        assertTrue(notes.contains("20 ExecutionReports that ended no round trip"), notes);
        assertTrue(notes.contains("version: test-gateway 1.0"), notes);
        assertTrue(notes.contains("554=***") && !notes.contains("s3cret"), notes);
    }

    @Test
    void checkPrintsEveryMessageFieldByFieldAndSaysReady() throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        int status = Check.run(file("ack-fill", "s3cret"), null, Duration.ofMillis(1_000),
                new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8));
        String out = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, status, out);
        assertTrue(out.contains("-> sent Logon (35=A)") && out.contains("<- received Logon (35=A)"), out);
        assertTrue(out.contains("553 Username               trader") && out.contains("554 Password               ***")
                && !out.contains("s3cret"), out);
        assertTrue(out.contains("<- received ExecutionReport (35=8)") && out.contains("150 ExecType               F"),
                out);
        assertTrue(out.contains("READY: the order's ExecutionReport echoed ClOrdID")
                && out.contains("1 other report(s)"), out);
        assertTrue(out.contains("<- received Logout (35=5)"), out);
    }

    @Test
    void checkSaysNotReadyWithTheLogoutsTextWhenTheLogonIsRefused() throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        int status = Check.run(file("ack-fill", "wrong"), null, Duration.ofMillis(500),
                new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8));
        String out = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(1, status, out);
        assertTrue(out.contains("NOT READY: ") && out.contains("bad username or password for ACME-TRADER"), out);
    }

    @Test
    void aWrongPasswordIsRefusedWithTheLogoutsText() throws Exception {
        EngineSetup setup = setup(file("ack-fill", "wrong"));
        ExternalEngine engine = new ExternalEngine();
        try (EngineServer server = engine.server(setup); EngineClient client = engine.client(setup)) {
            InetSocketAddress address = server.start();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> client.connect(address, listener, Duration.ofSeconds(20)));
            assertTrue(e.getMessage().contains("refused") && e.getMessage().contains("bad username or password"),
                    e.getMessage());
        }
    }

    @Test
    void aLogonNeverAnsweredEndsAfterTheLogonTimeout() throws Exception {
        EngineSetup setup = setup(file("deaf", "s3cret", "logonTimeoutMillis=500"));
        ExternalEngine engine = new ExternalEngine();
        try (EngineServer server = engine.server(setup); EngineClient client = engine.client(setup)) {
            InetSocketAddress address = server.start();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> client.connect(address, listener, Duration.ofSeconds(20)));
            assertTrue(e.getMessage().contains("no answer to the Logon") && e.getMessage().contains("500 ms"),
                    e.getMessage());
        }
    }

    @Test
    void aCommandThatExitsIsNamedWithItsStatusAndStderr() throws Exception {
        EngineSetup setup = setup(file("exit", "s3cret"));
        EngineServer server = new ExternalEngine().server(setup);
        IllegalStateException e = assertThrows(IllegalStateException.class, server::start);
        assertTrue(e.getMessage().contains("exited with status 3 before listening")
                && e.getMessage().contains("told to exit before listening"), e.getMessage());
        server.close();
    }

    @Test
    void aCommandThatNeverListensIsStoppedAfterTheStartTimeout() throws Exception {
        EngineSetup setup = setup(file("never-listen", "s3cret", "startTimeoutMillis=1500"));
        StartedAcceptor server = (StartedAcceptor) new ExternalEngine().server(setup);
        IllegalStateException e = assertThrows(IllegalStateException.class, server::start);
        assertTrue(e.getMessage().contains("did not listen") && e.getMessage().contains("1500 ms"), e.getMessage());
        assertFalse(server.process().isAlive(), "stopped");
    }

    @Test
    void aRejectEndsTheBenchmarkWithItsText() throws Exception {
        EngineSetup setup = setup(file("reject", "s3cret"));
        ExternalEngine engine = new ExternalEngine();
        try (EngineServer server = engine.server(setup); EngineClient client = engine.client(setup)) {
            client.connect(server.start(), listener, Duration.ofSeconds(20));
            client.send(System.nanoTime());
            pollUntil(client, () -> !ends.isEmpty(), 10_000);
            assertEquals(1, ends.size(), ends.toString());
            assertTrue(ends.get(0).contains("rejected") && ends.get(0).contains("symbol ACME is halted"), ends.get(0));
            assertTrue(reports.isEmpty());
        }
    }

    @Test
    void reportsWithoutClOrdIdAreNamedAtTheFirstOrder() throws Exception {
        EngineSetup setup = setup(file("no-clordid", "s3cret"));
        ExternalEngine engine = new ExternalEngine();
        try (EngineServer server = engine.server(setup); EngineClient client = engine.client(setup)) {
            client.connect(server.start(), listener, Duration.ofSeconds(20));
            client.send(System.nanoTime());
            pollUntil(client, () -> !ends.isEmpty(), 10_000);
            assertTrue(ends.get(0).contains("without ClOrdID (11)"), ends.toString());
        }
    }

    @Test
    void anAcceptorThatDiesMidRunEndsTheSessionAndIsNamedByTheServer() throws Exception {
        EngineSetup setup = setup(file("die-after:5", "s3cret"));
        ExternalEngine engine = new ExternalEngine();
        try (EngineServer server = engine.server(setup); EngineClient client = engine.client(setup)) {
            client.connect(server.start(), listener, Duration.ofSeconds(20));
            long base = System.nanoTime();
            for (int i = 0; i < 8; i++) {
                client.send(base + i);
                pollUntil(client, () -> false, 5);
            }
            pollUntil(client, () -> !ends.isEmpty(), 10_000);
            assertEquals(5, reports.size(), reports.toString());
            assertFalse(ends.isEmpty(), "the session ended");
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (server.failure() == null && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertNotNull(server.failure());
            assertTrue(server.failure().contains("exited with status") && server.failure().contains("die after 5"),
                    server.failure());
        }
    }

    @Test
    void badEngineFilesAreRefusedInOneLineNamingTheFile() throws Exception {
        record Case(String content, String expected) {
        }
        List<Case> cases = List.of(
                new Case("clientCompId=A\nserverCompId=B\ncolour=red\n", "unknown key 'colour'"),
                new Case("serverCompId=B\n", "clientCompId is missing"),
                new Case("clientCompId=A\nserverCompId=B\norder=55=ACME|54\n", "'54', which is not TAG=VALUE"),
                new Case("clientCompId=A\nserverCompId=B\norder=11=1|55=X\n", "tag 11, which the client writes"),
                new Case("clientCompId=A\nserverCompId=B\nbeginString=FIX.5.0\n", "beginString must be"),
                new Case("clientCompId=A\nserverCompId=B\nbeginString=FIXT.1.1\n", "needs DefaultApplVerID"),
                new Case("clientCompId=A\nserverCompId=B\ncommand=x {prot}\n", "placeholder"),
                new Case("clientCompId=A\nserverCompId=B\naddress=localhost\n", "HOST:PORT"),
                new Case("clientCompId=A\nserverCompId=B\ncancelRejectPercent=101\n", "cancelRejectPercent must be"),
                new Case("clientCompId=A\nserverCompId=B\ncancelRejectPercent=ten\n", "cancelRejectPercent must be"),
                new Case("clientCompId=A\nserverCompId=B\ntls=tls1.3\n", "tls must be none or terminator or native"),
                new Case("clientCompId=A\nserverCompId=B\ncommand=gw {port}\ntls=native\n", "tls=native needs "
                        + "tlsCommand"),
                new Case("clientCompId=A\nserverCompId=B\ncommand=gw {port} {tlsKey}\n", "command holds {tlsKey}, "
                        + "which only tlsCommand may hold"),
                new Case("clientCompId=A\nserverCompId=B\ncommand=gw {port}\ntlsCommand=gw {port} {tlsKey}\n",
                        "tlsCommand needs {tlsCertificate} and {tlsKey}"),
                new Case("clientCompId=A\nserverCompId=B\ntlsCommand=gw {tlsCertificate} {tlsKey}\n",
                        "tlsCommand needs command too"),
                new Case("clientCompId=A\nserverCompId=B\naddress=gw:9000\ntls=native\n", "tls=native with an "
                        + "acceptor that runs elsewhere needs tlsTrust"),
                new Case("clientCompId=A\nserverCompId=B\naddress=gw:9000\ntlsTrust=/etc/hostname\n", "tlsTrust is "
                        + "for tls=native"),
                new Case("clientCompId=A\nserverCompId=B\naddress=gw:9000\ntls=native\ntlsTrust=ca.pem\n",
                        "tlsTrust must be an absolute path"),
                new Case("clientCompId=A\nserverCompId=B\naddress=gw:9000\ntls=native\ntlsTrust=/no/such.pem\n",
                        "tlsTrust names no file that can be read"),
                new Case("clientCompId=A\nserverCompId=B\naddress=gw:9000\ntls=native\ntlsTrust=/etc/hostname\n",
                        "tlsTrust holds no PEM certificate"),
                new Case("clientCompId=A\nserverCompId=B\ncommand=gw --store {store} {port}\n",
                        "command holds {store}, but the file does not say its store (set store=memory, file or "
                                + "synced)"),
                new Case("clientCompId=A\nserverCompId=B\ncommand=gw {port}\ntlsCommand=gw {tlsCertificate} "
                        + "{tlsKey} {store}\n", "command holds {store}, but the file does not say its store"),
                new Case("clientCompId=A\nserverCompId=B\naddress=gw:9000\nstore=disk\n",
                        "store must be unknown or memory or file or synced (was 'disk')"));
        for (Case c : cases) {
            Path f = dir.resolve("bad.properties");
            Files.writeString(f, c.content());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EngineFile.read(f));
            assertTrue(e.getMessage().startsWith("engine file " + f + ": ") && e.getMessage().contains(c.expected())
                    && !e.getMessage().contains("\n"), c.expected() + " <- " + e.getMessage());
        }
    }

    /**
     * What a black box keeps is what its file says: the durability recorded with the results, and {store} in its
     * command; a file that says nothing is unknown.
     */
    @Test
    void theFilesStoreIsTheDurabilityAndFillsItsCommand() throws Exception {
        Path f = Files.writeString(dir.resolve("gw.properties"), "clientCompId=A\nserverCompId=B\n"
                + "command=gw --store {store} {dir}/store {port}\nstore=file\n");
        EngineFile file = EngineFile.read(f);
        assertEquals(org.fixbench.engine.Durability.FILE, file.durability());
        assertEquals(org.fixbench.engine.Durability.FILE, new ExternalEngine().durability(f));
        assertEquals("gw --store file " + dir + "/store 9000", file.commandFor(9000, dir, dir));
        Path said = Files.writeString(dir.resolve("synced.properties"), Files.readString(f).replace("store=file",
                "store=synced"));
        assertEquals(org.fixbench.engine.Durability.SYNCED, EngineFile.read(said).durability());
        assertEquals("gw --store synced " + dir + "/store 9000", EngineFile.read(said).commandFor(9000, dir, dir));
        Path silent = Files.writeString(dir.resolve("silent.properties"), "clientCompId=A\nserverCompId=B\n"
                + "address=gw:9000\n");
        assertEquals(org.fixbench.engine.Durability.UNKNOWN, EngineFile.read(silent).durability());
        assertEquals(org.fixbench.engine.Durability.FILE, file.forSession(1, 1).durability(), "each session's too");
    }

    @Test
    void withTlsOfItsOwnTheAcceptorIsStartedByItsTlsCommandWithTheRunsCertificate() throws Exception {
        Path f = Files.writeString(dir.resolve("gw.properties"), "clientCompId=A\nserverCompId=B\n"
                + "command=gw {port}\ntlsCommand=gw --cert {tlsCertificate} --key {tlsKey} --protocol {tlsProtocol} "
                + "{port}\ntls=native\ntlsProtocol=TLSv1.2\n");
        EngineFile file = EngineFile.read(f);
        assertEquals(org.fixbench.engine.Tls.NATIVE, file.tls());
        org.fixbench.engine.TlsMaterial material = org.fixbench.engine.TlsMaterial.in(dir.resolve("tls"));
        assertEquals("gw --cert " + material.certificateFile() + " --key " + material.keyFile() + " --protocol "
                + "TLSv1.2 9000", file.commandFor(9000, dir, dir, material));
        Path plain = Files.writeString(dir.resolve("plain.properties"), Files.readString(f).replace("tls=native",
                "tls=none"));
        assertEquals("gw 9000", EngineFile.read(plain).commandFor(9000, dir, dir), "without it, the command");
    }

    @Test
    void aMissingInstallIsRefusedNamingTheInstallCommand() throws Exception {
        Path f = dir.resolve("missing.properties");
        Files.writeString(f, "clientCompId=A\nserverCompId=B\ncommand=nothing {port}\nrequires=no/such/binary\n"
                + "install=apt-get install -y no-such-package\n");
        EngineServer server = new ExternalEngine().server(setup(f));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, server::start);
        assertEquals("missing is not installed (no/such/binary is missing): apt-get install -y no-such-package",
                e.getMessage());
    }
    /** Sends {@code orders} orders 1 ms apart, then polls until each is answered (or 10 s); the ClOrdIDs sent. */
    /** Starts the file's gateway, connects a client, sends {@code orders} and waits for their answers; both closed. */
    private List<Long> startConnectAndSend(EngineSetup setup, int orders) throws Exception {
        ExternalEngine engine = new ExternalEngine();
        try (EngineServer server = engine.server(setup); EngineClient client = engine.client(setup)) {
            client.connect(server.start(), listener, Duration.ofSeconds(20));
            return sendAndAnswer(client, orders);
        }
    }

    private List<Long> sendAndAnswer(EngineClient client, int orders) {
        List<Long> sent = new java.util.ArrayList<>();
        long base = System.nanoTime();
        int before = reports.size();
        for (int i = 0; i < orders; i++) {
            client.send(base + i);
            sent.add(base + i);
            pollUntil(client, () -> false, 1);
        }
        // a run that ended (a reject past the share the file allows) answers no more: not waited on for 10 s
        pollUntil(client, () -> reports.size() - before >= orders || !ends.isEmpty(), 10_000);
        pollUntil(client, () -> false, 100); // the last fills, notices
        return sent;
    }

    @Test
    void newsAndTradingSessionStatusAreTakenAndCountedNeverRejected() throws Exception {
        // the gateway answers a client's BusinessMessageReject with its own, as a venue does: a client that rejects
        // the notices takes that answer for an order's reject (before: "order rejected by BusinessMessageReject")
        EngineSetup setup = setup(file("ack-fill,news:5", "s3cret"));
        ExternalEngine engine = new ExternalEngine();
        try (EngineServer server = engine.server(setup); EngineClient client = engine.client(setup)) {
            client.connect(server.start(), listener, Duration.ofSeconds(20));
            List<Long> sent = sendAndAnswer(client, 100);
            assertEquals(sent, reports, "each order answered once: " + ends);
            assertTrue(ends.isEmpty(), ends.toString());
            assertNull(server.failure());
        }
        String notes = String.join("\n", setup.notes());
        java.util.regex.Matcher news = java.util.regex.Pattern.compile("News \\(35=B\\) (\\d+), "
                + "TradingSessionStatus \\(35=h\\) (\\d+)").matcher(notes);
        assertTrue(news.find(), notes);
        // the gateway sends them in pairs, a News then a TradingSessionStatus: the client may close between the two
        long newsCount = Long.parseLong(news.group(1));
        long statusCount = Long.parseLong(news.group(2));
        assertTrue(newsCount >= 5 && (statusCount == newsCount || statusCount == newsCount - 1), notes);
        assertTrue(notes.contains("0 rejects"), notes);
    }

    @Test
    void reportsInAnyOrderAreEachMatchedToTheirOrder() throws Exception {
        EngineSetup setup = setup(file("ack-fill,shuffle:4", "s3cret"));
        ExternalEngine engine = new ExternalEngine();
        try (EngineServer server = engine.server(setup); EngineClient client = engine.client(setup)) {
            client.connect(server.start(), listener, Duration.ofSeconds(20));
            List<Long> sent = sendAndAnswer(client, 40);
            assertTrue(ends.isEmpty(), ends.toString());
            assertEquals(new java.util.TreeSet<>(sent), new java.util.TreeSet<>(reports), "every order answered once");
            assertEquals(40, reports.size());
            assertFalse(sent.equals(reports), "the gateway did answer out of order: " + reports);
        }
        String notes = String.join("\n", setup.notes());
        assertTrue(notes.contains("40 ExecutionReports that ended no round trip"), "each fill counted: " + notes);
    }

    @Test
    void aLifecycleOfRestingOrdersReplacesAndCancelsIsAnsweredRequestByRequest() throws Exception {
        // every 5th order filled at once: its replace comes too late (102=0), and its cancel, which names the
        // replace, names an order the gateway does not know (102=1)
        EngineSetup setup = setup(file("lifecycle,fill-every:5", "s3cret", "cancelRejectPercent=25",
                "order=1=VENUE-ACCT|21=1|38=100|40=2|44=101.25|54=1|55=ACME|59=0|207=XVEN"))
                .withFlow(org.fixbench.engine.OrderFlow.parse("lifecycle"));
        List<Long> sent = startConnectAndSend(setup, 30);
        assertTrue(ends.isEmpty(), ends.toString());
        assertEquals(sent, reports, "each request answered once, in order");
        java.util.Map<Character, Long> byType = events.stream().filter(e -> e.startsWith("answered "))
                .collect(java.util.stream.Collectors.groupingBy(e -> e.charAt("answered ".length()),
                        java.util.stream.Collectors.counting()));
        assertEquals(java.util.Map.of('D', 10L, 'G', 10L, 'F', 10L), byType, "each request by its MsgType");
        for (int i = 0; i < 30; i++) {
            char expected = "DGF".charAt(i % 3);
            assertTrue(events.contains("answered " + expected + " " + sent.get(i)), "request " + i + ": " + events);
        }
        String notes = String.join("\n", setup.notes());
        assertTrue(notes.contains("4 OrderCancelRejects answered 20 cancels and replaces (20.00%, allowed up to "
                + "cancelRejectPercent=25%): CxlRejReason 0 (too late to cancel): 2, CxlRejReason 1 (unknown order): "
                + "2"), notes);

        // past the share the file allows (of 100 at the least), the run ends naming the reject's Text
        reports.clear();
        setup = setup(file("lifecycle,fill-every:5", "s3cret", "cancelRejectPercent=1")).withFlow(
                org.fixbench.engine.OrderFlow.parse("lifecycle"));
        startConnectAndSend(setup, 15);
        assertEquals(1, ends.size(), ends.toString());
        // the 5th order's replace is the one reject 1% of 100 allows; its cancel, the 10th request, is past it
        assertTrue(ends.get(0).contains("2 OrderCancelRejects of 10 cancels and replaces, past cancelRejectPercent=1"
                + " for ClOrdID ") && ends.get(0).contains("Text: unknown order "), ends.get(0));
    }

    /**
     * The seeded mix and a replayed log, as every engine sends them, against the gateway with orders resting: each
     * request answered once, by its own report or by an OrderCancelReject (the mix cancels an order already
     * cancelled; the share allows every reject here), and said by its MsgType.
     */
    @Test
    void theMixAndAReplayedLogAreSentAsEveryEngineSendsThemAndEachRequestAnswered() throws Exception {
        Path log = Files.writeString(dir.resolve("orders.log"), String.join("\n",
                "8=FIX.4.4|35=D|11=A1|55=VOD.L|54=1|38=500|40=2|44=2.5|59=0|10=000|",
                "8=FIX.4.4|35=G|11=A2|41=A1|55=VOD.L|54=1|38=500|40=2|44=2.4|10=000|",
                "8=FIX.4.4|35=F|11=A3|41=A2|55=VOD.L|54=1|38=500|10=000|", ""));
        for (String workload : List.of("mixed:5", log.toString())) {
            reports.clear();
            events.clear();
            org.fixbench.engine.OrderFlow flow = org.fixbench.engine.OrderFlow.parse(workload);
            EngineSetup setup = setup(file("lifecycle", "s3cret", "cancelRejectPercent=100")).withFlow(flow);
            List<Long> sent = startConnectAndSend(setup, 60);
            assertTrue(ends.isEmpty(), workload + ": " + ends);
            assertEquals(new java.util.TreeSet<>(sent), new java.util.TreeSet<>(reports), workload + ": each once");
            for (int i = 0; i < sent.size(); i++) {
                char type = flow.order(i).kind().msgType();
                assertTrue(events.contains("answered " + type + " " + sent.get(i)), workload + " request " + i
                        + " (" + type + "): " + events);
            }
        }
    }

    @Test
    void sequenceNumbersKeptForTheDayGoOnFromConnectionToConnection() throws Exception {
        Path day = Files.createDirectories(dir.resolve("gateway-day"));
        Path kept = Files.createDirectories(dir.resolve("kept"));
        Path file = file("ack-fill,day:" + day, "s3cret", "resetSeqNumFlag=N", "sequenceStore=" + kept);
        ExternalEngine engine = new ExternalEngine();
        // one gateway, as a venue's runs all day, and three connections to it, one after another (until 2026-12-02
        // a gateway started per connection: the numbers were the day folder's, not the running gateway's)
        EngineSetup first = setup(file);
        try (EngineServer server = engine.server(first)) {
            InetSocketAddress address = server.start();
            for (int connection = 1; connection <= 3; connection++) {
                try (EngineClient client = engine.client(connection == 1 ? first : setup(file))) {
                    client.connect(address, listener, Duration.ofSeconds(20));
                    sendAndAnswer(client, 5);
                    assertTrue(ends.isEmpty(), "connection " + connection + ": " + ends);
                }
            }
        }
        // and a gateway started again the next day goes on from the numbers its day folder kept
        EngineSetup again = setup(file);
        try (EngineServer server = engine.server(again); EngineClient client = engine.client(again)) {
            client.connect(server.start(), listener, Duration.ofSeconds(20));
            sendAndAnswer(client, 5);
            assertTrue(ends.isEmpty(), "after a restart: " + ends);
        }
        assertEquals(20, reports.size());
        // a Logon at 1 is what the gateway refuses now: the numbers are its day's
        List<String> reset = engine.startSequenceNumbersAgain(file);
        assertEquals(1, reset.size(), reset.toString());
        assertTrue(reset.get(0).contains("sequence numbers start again at 1 (removed " + kept), reset.toString());
        EngineSetup setup = setup(file);
        try (EngineServer server = engine.server(setup); EngineClient client = engine.client(setup)) {
            InetSocketAddress address = server.start();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> client.connect(address, listener, Duration.ofSeconds(20)));
            assertTrue(e.getMessage().contains("too low"), e.getMessage());
        }
        // and ResetSeqNumFlag=Y is refused
        setup = setup(file("ack-fill,day:" + day, "s3cret"));
        try (EngineServer server = engine.server(setup); EngineClient client = engine.client(setup)) {
            InetSocketAddress address = server.start();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> client.connect(address, listener, Duration.ofSeconds(20)));
            assertTrue(e.getMessage().contains("ResetSeqNumFlag=Y refused"), e.getMessage());
        }
    }

    @Test
    void theReportTimedIsTheOneTheFileNamesAndEachStageIsTimedOnce() throws Exception {
        for (String timed : List.of("first", "ack", "filled")) {
            reports.clear();
            events.clear();
            EngineSetup setup = setup(file("ack-fill,pending-new", "s3cret", "timedReport=" + timed));
            List<Long> sent = startConnectAndSend(setup, 10);
            assertTrue(ends.isEmpty(), ends.toString());
            assertEquals(sent, reports, timed);
            for (long id : sent) {
                List<String> mine = events.stream().filter(e -> e.endsWith(" " + id)).map(e -> e.substring(0,
                        e.lastIndexOf(' '))).toList();
                String at = switch (timed) {
                    case "first" -> "order->first report";
                    case "ack" -> "order->ack";
                    default -> "order->fill";
                };
                List<String> expected = new java.util.ArrayList<>(List.of("order->first report", "order->ack",
                        "order->fill"));
                expected.add(expected.indexOf(at) + 1, "timed");
                assertEquals(expected, mine, timed + ": PendingNew, then New, then the fill; timed at " + at);
            }
            String notes = String.join("\n", setup.notes());
            assertTrue(notes.contains("20 ExecutionReports that ended no round trip") && notes.contains(timed), notes);
        }
    }

    @Test
    void manySessionsEachLogOnWithTheirOwnCompIdAndCredentialsAndGetTheirOwnReports() throws Exception {
        Path file = TestGateway.engineFile(dir.resolve("sessions.properties"), "s3cret", "ack-fill,shuffle:4,sessions:4",
                "clientCompId=ACME-{n}", "serverCompId=VENUE-GW", "logonFields=553=trader{n}|554=s3cret", "idle=yield",
                "maxSessions=4");
        List<String> bySession = new CopyOnWriteArrayList<>();
        ReportListener perSession = new ReportListener() {
            @Override
            public void onExecutionReport(long clOrdId) {
                bySession.add("? " + clOrdId);
            }

            @Override
            public void onExecutionReport(int session, long clOrdId) {
                bySession.add(session + " " + clOrdId);
            }

            @Override
            public void onDisconnect(String reason) {
                ends.add(reason);
            }
        };
        EngineSetup setup = setup(file).withSessions(4);
        ExternalEngine engine = new ExternalEngine();
        List<String> sent = new java.util.ArrayList<>();
        try (EngineServer server = engine.server(setup); EngineClient client = engine.client(setup)) {
            client.connect(server.start(), perSession, Duration.ofSeconds(20));
            long base = System.nanoTime();
            for (int i = 0; i < 40; i++) {
                client.send(i % 4, base + i);
                sent.add(i % 4 + " " + (base + i));
                pollUntil(client, () -> false, 1);
            }
            pollUntil(client, () -> bySession.size() >= 40, 10_000);
        }
        assertTrue(ends.isEmpty(), ends.toString());
        assertEquals(new java.util.TreeSet<>(sent), new java.util.TreeSet<>(bySession), "each report on its order's "
                + "session");
        String notes = String.join("\n", setup.notes());
        assertTrue(notes.contains("4 session(s), ACME-1 -> VENUE-GW to ACME-4 -> VENUE-GW"), notes);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> engine.client(setup(file).withSessions(5)));
        assertTrue(e.getMessage().contains("--sessions 5 is more than its maxSessions 4"), e.getMessage());
    }
}
