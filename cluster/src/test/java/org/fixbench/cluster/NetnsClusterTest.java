package org.fixbench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare --cluster} across three simulated hosts, each a network namespace joined by a veth pair to a bridge
 * in this one (198.18.0.0/24, inside 198.18.0.0/15 only), each running an SSH server this test starts (MINA SSHD,
 * {@link NetnsSshd}); Jetty's cluster orchestrator starts the nodes over SSH. The comparison's server runs in one
 * namespace and its clients in the other two. The namespaces, links and SSH servers are made once for the class
 * and removed after it; each test's nodes are gone when it ends.
 */
@Tag("long") // the cluster across network namespaces: minutes
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the test that kills a host's every process runs last
class NetnsClusterTest {
    private static final String PREFIX = "fbtest";
    private static final int SSH_PORT = 2222;
    private static final String PASSWORD = "fixbench-test";
    /** Each host's SSH server, by host number (1: the server host). */
    private static final Map<Integer, Process> SERVERS = new java.util.concurrent.ConcurrentHashMap<>();
    private static final List<String> NAMESPACES = new ArrayList<>();
    private static final String BRIDGE = PREFIX + "0";
    private static boolean bridge;
    /** The server host's address, then the two client hosts': made once for the class (until 2026-12-02 per test). */
    private static List<String> hosts;

    /** The hosts' disks and keys, for the class. */
    @TempDir
    static Path hostsDir;

    /** This test's files: cluster files, results. */
    @TempDir
    Path tmp;

    private static void ip(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + ": " + out.trim());
        }
    }

    /** The simulated network: a bridge in this namespace at 198.18.0.1/24 that every host's veth pair joins. */
    private static void network() throws Exception {
        // what an earlier run killed before its clean-up left (its names are this test's own)
        for (int n = 1; n <= 3; n++) {
            new ProcessBuilder("ip", "netns", "del", PREFIX + "-h" + n).redirectErrorStream(true).start().waitFor();
        }
        new ProcessBuilder("ip", "link", "del", BRIDGE).redirectErrorStream(true).start().waitFor();
        ip("link", "add", BRIDGE, "type", "bridge");
        bridge = true;
        ip("addr", "add", "198.18.0.1/24", "dev", BRIDGE);
        ip("link", "set", BRIDGE, "up");
    }

    /**
     * Host {@code n}: namespace PREFIX-hN at 198.18.0.(10+n)/24, joined to the bridge by a veth pair (this side
     * PREFIXNr, its side PREFIXNn).
     */
    private static String host(int n) throws Exception {
        String ns = PREFIX + "-h" + n;
        String outside = PREFIX + n + "r";
        String inside = PREFIX + n + "n";
        ip("netns", "add", ns);
        NAMESPACES.add(ns);
        ip("link", "add", outside, "type", "veth", "peer", "name", inside);
        ip("link", "set", inside, "netns", ns);
        ip("link", "set", outside, "master", BRIDGE);
        ip("link", "set", outside, "up");
        ip("netns", "exec", ns, "ip", "addr", "add", "198.18.0." + (10 + n) + "/24", "dev", inside);
        ip("netns", "exec", ns, "ip", "link", "set", inside, "up");
        ip("netns", "exec", ns, "ip", "link", "set", "lo", "up");
        return "198.18.0." + (10 + n);
    }

    /** Host {@code n}'s SSH server on its disk, started (its start-up is waited for by {@link #listening}). */
    private static Process startSshd(int n) throws Exception {
        String java = hostsJava(); // the SSH server too: it is the test's, not what is measured
        Path disk = Files.createDirectories(disk(n));
        Process sshd = new ProcessBuilder("ip", "netns", "exec", PREFIX + "-h" + n, java, "-Duser.home=" + disk,
                "-cp", System.getProperty("java.class.path"),
                NetnsSshd.class.getName(), "198.18.0." + (10 + n), Integer.toString(SSH_PORT), PASSWORD,
                hostsDir.resolve("hostkey-" + n).toString()).directory(disk.toFile()).redirectErrorStream(true)
                .start();
        SERVERS.put(n, sshd);
        return sshd;
    }

    /** Reads the SSH server's output until it says it listens. */
    private static void listening(int n, Process sshd) throws Exception {
        BufferedReader lines = new BufferedReader(new InputStreamReader(sshd.getInputStream()));
        String line;
        while ((line = lines.readLine()) != null && !line.startsWith("listening")) {
            // its start-up lines
        }
        assertTrue(line != null, "the SSH server of " + PREFIX + "-h" + n + " did not start");
    }

    private static Path disk(int n) {
        return hostsDir.resolve("disk-" + n);
    }

    /** The network and its three hosts, each with its SSH server (the three JVMs start together). */
    @BeforeAll
    static void threeHosts() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "network namespaces need root");
        network();
        List<String> made = new ArrayList<>();
        for (int n = 1; n <= 3; n++) {
            made.add(host(n));
        }
        for (int n = 1; n <= 3; n++) {
            startSshd(n);
        }
        for (int n = 1; n <= 3; n++) {
            listening(n, SERVERS.get(n));
        }
        hosts = List.copyOf(made);
    }

    /** What a test left running on a host (a node, a forked client) is killed; a host's dead SSH server restarted. */
    @AfterEach
    void nothingRunsOnTheHosts() throws Exception {
        for (String ns : NAMESPACES) {
            for (long pid : pidsIn(ns)) {
                if (SERVERS.values().stream().noneMatch(p -> p.pid() == pid)) { // a node is the server's child
                    ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
        }
        for (int n = 1; n <= 3; n++) {
            if (!SERVERS.get(n).isAlive()) {
                listening(n, startSshd(n));
            }
        }
    }

    @AfterAll
    static void removeHosts() throws Exception {
        for (Process p : SERVERS.values()) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        for (String ns : NAMESPACES) {
            // every process left in it (a node the orchestrator started) keeps the namespace, and its links, alive
            for (long pid : pidsIn(ns)) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
            ip("netns", "del", ns); // its end of the veth pair goes with it, and so the pair
        }
        if (bridge) {
            ip("link", "del", BRIDGE);
        }
    }

    private static List<Long> pidsIn(String ns) throws Exception {
        Process p = new ProcessBuilder("ip", "netns", "pids", ns).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor(10, TimeUnit.SECONDS);
        List<Long> pids = new ArrayList<>();
        for (String pid : out.trim().split("\\s+")) {
            if (pid.matches("\\d+")) {
                pids.add(Long.parseLong(pid));
            }
        }
        return pids;
    }

    /** Nothing left on any host's disk. */
    private static void disksEmpty() throws Exception {
        for (int n = 1; n <= 3; n++) {
            try (Stream<Path> left = Files.walk(disk(n))) {
                assertEquals(List.of(), left.filter(Files::isRegularFile).toList(), "left on host " + n);
            }
        }
    }

    /** A cluster file for the three hosts: password login, {@code java} (see {@link #hostsJava}), FIX on {@code port}. */
    private Path clusterFile(String server, String c1, String c2, String java, String password) throws Exception {
        int n = files++;
        Path pw = Files.writeString(tmp.resolve("password-" + n), password + "\n");
        return Files.writeString(tmp.resolve("cluster-" + n + ".properties"), String.join("\n",
                "server=" + server, "clients=" + c1 + "," + c2, "user=root", "ssh-port=" + SSH_PORT,
                "password-file=" + pw.getFileName(), "port=" + FIX_PORT, "java=" + java, ""));
    }

    private int files;

    private static final int FIX_PORT = 9878;

    private static int compare(List<String> args, StringWriter out, StringWriter err) {
        return org.fixbench.cli.FixbenchCli.execute(args.toArray(String[]::new), new PrintWriter(out, true),
                new PrintWriter(err, true));
    }

    private static String thisJava() {
        return TestHostsJava.thisJava();
    }

    /** The hosts' java: see {@link TestHostsJava}. */
    private static String hostsJava() throws Exception {
        return TestHostsJava.c1Only(hostsDir);
    }

    /**
     * {@code compare --cluster}: raw TCP and a gateway that wants a Password (engines/external's TestGateway, measured
     * with sbe's initiator, started on the server host by its engine file's command, which holds the password as it is),
     * each server on the server host, a client on each of the two client hosts at half the rate, on four sessions
     * (ACME-1 ... ACME-4 with per-session credentials at the gateway: each client host logs on two, numbered on from
     * the host before it).
     * Every order answered, each benchmark's count the sum of its hosts', a row per host. The Logon's Password is read
     * from a secret file and the hosts log in with a password: every file of the results folder, and everything
     * printed, is searched for both; one hit fails. (Until 2026-12-02 two tests, each with its own hosts and cluster;
     * and until the same day sbe's own server was a third engine here: sbe across hosts, every order answered and the
     * merged counts the sum of the hosts', is OpenSshClusterTest's default pair, in both orders.)
     */
    @Test
    @Order(1)
    void compareAcrossHostsAddsEveryHostsRunsShowsEachHostAndWritesNoPassword() throws Exception {
        String server = hosts.get(0);
        String c1 = hosts.get(1);
        String c2 = hosts.get(2);
        byte[] random = new byte[6];
        new java.security.SecureRandom().nextBytes(random);
        String secret = "Pl4nted-cluster-" + java.util.HexFormat.of().formatHex(random);
        Path pw = Files.writeString(tmp.resolve("gw-password"), secret + "\n");
        Files.setPosixFilePermissions(pw, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Path engine = org.fixbench.engine.external.TestGateway.engineFile(tmp.resolve("gateway.properties"), secret,
                "ack-fill,sessions:4", "clientCompId=ACME-{n}", "serverCompId=VENUE-GW", "maxSessions=4",
                "logonFields=553=trader{n}|554=${file:" + pw + "}", "idle=backoff", "startTimeoutMillis=30000");
        Path file = clusterFile(server, c1, c2, hostsJava(), PASSWORD);
        Path results = tmp.resolve("results");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        java.io.PrintStream was = System.out;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
        int status;
        try {
            status = compare(List.of("compare", "--cluster", file.toString(), "--engines", "tcp:yield,external:"
                    + engine, "--sessions", "4", "--rates", "1000", "--runs", "1", "--duration", "1s",
                    "--warmup", "300ms", "--warmup-cap", "0s", "--no-pin", "--allow-concurrent", "--out",
                    results.toString()), out, err);
        } finally {
            System.setOut(was);
        }
        String all = out + "\n" + err + "\n" + printed.toString(java.nio.charset.StandardCharsets.UTF_8);
        System.out.println(all);
        assertTrue(status == 0 || status == 1, "status " + status + ": " + err);
        org.fixbench.harness.results.ResultsReader.Read read = org.fixbench.harness.results.ResultsReader.read(results);
        assertEquals(2, read.results().size(), read.results().toString());
        for (org.fixbench.harness.results.BenchmarkResult b : read.results()) {
            assertEquals(1_000, b.config().targetRatePerSecond(), b.name());
            org.fixbench.harness.results.RunResult run = b.runs().get(0);
            assertEquals(1_000, run.received(), b.name() + ": every order answered");
            assertEquals(run.sent(), run.received(), b.name() + ": every order answered");
            assertEquals(0, run.lost(), b.name());
            long sum = 0;
            for (String h : List.of(c1, c2)) {
                org.fixbench.harness.results.BenchmarkResult part = hostPart(results.resolve("hosts").resolve(h),
                        b.name().replaceFirst("-1000$", "-500"));
                assertEquals(500, part.config().targetRatePerSecond());
                sum += part.runs().get(0).endToEnd().count();
            }
            assertEquals(sum, run.endToEnd().count(), b.name() + ": the merged count is the sum of the hosts'");
            assertTrue(b.labels().get("hosts") instanceof List<?> rows && rows.size() == 2, b.labels().toString());
        }
        String report = Files.readString(results.resolve("report.md"));
        assertTrue(report.contains("## Per client host"), report);
        assertTrue(report.contains("| " + c1 + " |") && report.contains("| " + c2 + " |"), report);
        Map<?, ?> cluster = (Map<?, ?>) read.environment().get("cluster");
        Map<?, ?> ping = (Map<?, ?>) cluster.get("ping");
        assertEquals(List.of(c1, c2), List.copyOf(ping.keySet()));
        for (Object p : ping.values()) { // each client host reached the server host over the simulated network
            Map<?, ?> path = (Map<?, ?>) p;
            assertEquals(ClusterComparison.PING_ROUND_TRIPS, ((Number) path.get("roundTrips")).intValue());
            long p50 = ((Number) path.get("p50Nanos")).longValue();
            long p99 = ((Number) path.get("p99Nanos")).longValue();
            assertTrue(p50 > 0 && p50 <= p99 && p99 <= ((Number) path.get("maxNanos")).longValue(), path.toString());
        }
        Map<?, ?> environments = (Map<?, ?>) cluster.get("environments");
        assertEquals(3, environments.size());
        // each host ran in a network namespace of its own, none this test's
        java.util.Set<Object> namespacesSeen = new java.util.HashSet<>();
        environments.values().forEach(e -> namespacesSeen.add(((Map<?, ?>) e).get("networkNamespace")));
        assertEquals(3, namespacesSeen.size(), environments.toString());
        assertTrue(!namespacesSeen.contains(Files.readSymbolicLink(Path.of("/proc/self/ns/net")).toString()));
        disksEmpty();

        // each client host logged on its own two of the gateway's sessions, by their own CompIDs and credentials
        StringBuilder written = new StringBuilder();
        try (Stream<Path> walk = Files.walk(results)) {
            for (Path f : walk.filter(p -> p.getFileName().toString().endsWith(".json")).toList()) {
                written.append(Files.readString(f));
            }
        }
        String notes = written.toString();
        assertTrue(notes.contains("2 session(s), ACME-1 -> VENUE-GW to ACME-2 -> VENUE-GW")
                && notes.contains("2 session(s), ACME-3 -> VENUE-GW to ACME-4 -> VENUE-GW"), "each host's sessions");
        for (String s : List.of(secret, PASSWORD)) {
            assertTrue(!all.contains(s), "printed: " + s);
            int files = 0;
            try (Stream<Path> walk = Files.walk(results)) {
                for (Path f : walk.filter(Files::isRegularFile).toList()) {
                    files++;
                    String bytes = new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1);
                    assertTrue(!bytes.contains(s), results.relativize(f) + " holds " + s);
                }
            }
            assertTrue(files > 10, "searched the results and the hosts': " + files + " files");
        }
        assertTrue(Files.readString(results.resolve("environment.json")).contains("554=${file:" + pw + "}"),
                "the reference is recorded, not what it read");
    }

    /** The result named {@code name} among a client host's turn folders (each turn's comparison of one engine). */
    private static org.fixbench.harness.results.BenchmarkResult hostPart(Path hostFolder, String name)
            throws Exception {
        List<String> seen = new ArrayList<>();
        try (Stream<Path> folders = Files.list(hostFolder)) {
            for (Path f : folders.filter(Files::isDirectory).sorted().toList()) {
                for (org.fixbench.harness.results.BenchmarkResult r : org.fixbench.harness.results.ResultsReader
                        .read(f).results()) {
                    if (r.name().equals(name)) {
                        return r;
                    }
                    seen.add(r.name());
                }
            }
        }
        throw new AssertionError(name + " not among " + hostFolder + "'s results: " + seen);
    }

    /**
     * A client host that dies mid-run (every process in its namespace killed, its SSH server too) is named in the
     * report, and what was measured before it died is kept; nothing is left running on the other hosts. Runs last:
     * the host's SSH server is started again after it.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void aClientHostKilledMidRunIsNamedAndWhatWasMeasuredIsKept() throws Exception {
        String server = hosts.get(0);
        String c1 = hosts.get(1);
        String c2 = hosts.get(2);
        Path file = clusterFile(server, c1, c2, hostsJava(), PASSWORD);
        Path results = tmp.resolve("results");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        java.util.concurrent.atomic.AtomicInteger status = new java.util.concurrent.atomic.AtomicInteger(-1);
        Thread comparison = new Thread(() -> status.set(compare(List.of("compare", "--cluster", file.toString(),
                "--engines", "tcp:yield", "--rates", "1000", "--runs", "2", "--duration", "2s",
                "--warmup", "300ms", "--warmup-cap", "0s", "--no-pin", "--allow-concurrent", "--out",
                results.toString()), out, err)));
        comparison.start();
        // host 3 is killed in the second turn's run (round 2's): once that turn's log on its disk says the warm-up is
        // complete (until 2026-12-02 a fixed 8 s after the first turn came back, with runs of 3 s to land in one; and
        // until the same day the turns were sbe's and raw TCP's of one round: raw TCP's turns are the shorter)
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
        boolean running = false;
        while (!running && System.nanoTime() < deadline && comparison.isAlive()) {
            try (Stream<Path> files = Files.walk(disk(3))) {
                for (Path log : files.filter(f -> f.getFileName().toString().matches("002-round-2-.*\\.log"))
                        .toList()) {
                    running |= Files.readString(log).contains("Warm up complete");
                }
            } catch (java.io.IOException | java.io.UncheckedIOException gone) {
                // a file went between the walk and the read
            }
            Thread.sleep(100);
        }
        assertTrue(running, "host 3 never began the second turn's run: " + out);
        for (long pid : pidsIn("fbtest-h3")) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
        comparison.join(TimeUnit.MINUTES.toMillis(4));
        assertTrue(!comparison.isAlive(), "the comparison did not end after the host died");
        String report = Files.readString(results.resolve("report.md"));
        System.out.println(report.substring(0, Math.min(report.length(), 3_000)));
        assertTrue(report.contains("**The comparison stopped early:** client host " + c2), report);
        assertEquals(org.fixbench.cli.options.ExitStatus.STOPPED, status.get(), err.toString());
        org.fixbench.harness.results.ResultsReader.Read read = org.fixbench.harness.results.ResultsReader.read(results);
        assertTrue(!read.results().isEmpty(), "what was measured before is kept");
        for (String ns : List.of("fbtest-h1", "fbtest-h2")) {
            List<Long> left = pidsIn(ns).stream().filter(pid -> SERVERS.values().stream()
                    .noneMatch(p -> p.pid() == pid)).toList();
            assertEquals(List.of(), left, "left running on " + ns);
        }
    }

    /**
     * Faults end in one line naming the host, before any run: a failed login, no java there, a port in use, a host
     * that cannot be reached; nothing is left on the hosts.
     */
    @Test
    void faultsEndInOneLineNamingTheHost() throws Exception {
        String server = hosts.get(0);
        String c1 = hosts.get(1);
        String c2 = hosts.get(2);
        List<String> args = List.of("--engines", "tcp:yield", "--rates", "1000", "--runs", "1", "--duration", "1s",
                "--warmup", "300ms", "--warmup-cap", "0s", "--no-pin", "--allow-concurrent");
        record Fault(String what, Path file, String expected) {
        }
        List<Fault> faults = new ArrayList<>();
        faults.add(new Fault("failed login", clusterFile(server, c1, c2, thisJava(), "not-the-password"),
                "server host " + server + ": login as root failed"));
        faults.add(new Fault("missing java", clusterFile(server, c1, c2, "/nonexistent/bin/java", PASSWORD),
                "server host " + server + ": java=/nonexistent/bin/java does not run there (exit status 127)"));
        faults.add(new Fault("unreachable host", clusterFile(server, c1, "198.18.0.99", hostsJava(), PASSWORD),
                "client host 198.18.0.99: its SSH server (port " + SSH_PORT + ") cannot be reached"));
        for (Fault f : faults) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            List<String> all = new ArrayList<>(List.of("compare", "--cluster", f.file().toString()));
            all.addAll(args);
            all.addAll(List.of("--out", tmp.resolve("out-" + faults.indexOf(f)).toString()));
            int status = compare(all, out, err);
            String line = err.toString().trim();
            System.out.println(f.what() + ": " + line);
            assertNotEquals(0, status, f.what());
            assertTrue(line.contains(f.expected()), f.what() + ": " + line);
            assertEquals(1, line.lines().filter(l -> l.startsWith("fixbench")).count(), f.what() + ": " + line);
        }
        // a port in use on the server host: something else listens on the FIX port there
        Process squatter = new ProcessBuilder("ip", "netns", "exec", "fbtest-h1", thisJava(), "-cp",
                System.getProperty("java.class.path"), PortSquatter.class.getName(), server,
                Integer.toString(FIX_PORT)).start();
        try {
            assertEquals("bound", new BufferedReader(new InputStreamReader(squatter.getInputStream())).readLine());
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            List<String> all = new ArrayList<>(List.of("compare", "--cluster",
                    clusterFile(server, c1, c2, hostsJava(), PASSWORD).toString()));
            all.addAll(args);
            all.addAll(List.of("--out", tmp.resolve("out-port").toString()));
            int status = compare(all, out, err);
            String line = err.toString().trim();
            System.out.println("port in use: " + line);
            assertNotEquals(0, status);
            assertTrue(line.contains(server) && line.contains("in use"), line);
        } finally {
            squatter.destroyForcibly().waitFor();
        }
        disksEmpty();
    }

    /**
     * One cluster runs comparison after comparison until it is closed (as {@code knee --cluster} runs its steps):
     * each turn's folders on the hosts are its own, each call's results carry its own per-host rows, and closing
     * leaves nothing on the hosts.
     */
    @Test
    void oneClusterRunsComparisonAfterComparisonUntilClosed() throws Exception {
        String server = hosts.get(0);
        String c1 = hosts.get(1);
        String c2 = hosts.get(2);
        org.fixbench.cli.options.RunOptions options = new org.fixbench.cli.options.RunOptions();
        new picocli.CommandLine(options).parseArgs("--out", tmp.resolve("results").toString(), "--runs", "1",
                "--duration", "1s", "--warmup", "300ms", "--warmup-cap", "0s", "--no-pin", "--allow-concurrent");
        org.fixbench.cli.run.BenchmarkSession session = new org.fixbench.cli.run.BenchmarkSession(options,
                System.out);
        ClusterComparison across = new ClusterComparison(ClusterFile.read(clusterFile(server, c1, c2, hostsJava(),
                PASSWORD)), session, options, 2, List.of("--duration", "1s", "--warmup", "300ms", "--warmup-cap",
                "0s", "--no-pin", "--allow-concurrent"));
        try {
            org.fixbench.cli.run.Contender tcp = org.fixbench.cli.run.Contender.of(
                    org.fixbench.engine.EngineSpec.parse("tcp:yield"));
            for (long rate : List.of(1_000L, 1_401L)) {
                org.fixbench.cli.run.SweepOutcome o = across.run(List.of(tcp), List.of(rate), 1, 7);
                assertEquals(null, o.stopReason());
                org.fixbench.harness.results.BenchmarkResult b = o.results().get(0);
                assertEquals(rate, b.config().targetRatePerSecond());
                assertEquals(b.runs().get(0).sent(), b.runs().get(0).received(), "every order answered");
                List<?> rows = (List<?>) b.labels().get("hosts");
                assertEquals(2, rows.size());
                long orders = 0;
                for (Object row : rows) {
                    orders += ((Number) ((Map<?, ?>) row).get("count")).longValue();
                }
                assertEquals(b.runs().get(0).endToEnd().count(), orders, "the sum of the hosts' orders");
            }
        } finally {
            across.close();
            session.finish(java.util.Set.of());
        }
        try (Stream<Path> folders = Files.list(tmp.resolve("results").resolve("hosts").resolve(c1))) {
            assertEquals(2, folders.filter(Files::isDirectory).count(), "each turn's own folder");
        }
        disksEmpty();
    }
}
