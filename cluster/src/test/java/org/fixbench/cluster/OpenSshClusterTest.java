package org.fixbench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.fixbench.cli.run.RunOrder;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ResultsReader;
import org.fixbench.harness.results.RunResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code compare --cluster} on hosts as users' hosts are: three network namespaces on a bridge (198.18.1.0/24, inside
 * 198.18.0.0/15 only), each running Debian's OpenSSH server with key login for root, each with its own {@code /root}
 * and {@code /tmp} (a private mount namespace), so that no two hosts share a home or a temporary folder. The key is
 * made by the test and removed with everything else. The comparison runs as users run it, in a JVM of its own, pinned
 * by default (not {@code --no-pin}): the three hosts are one 2-CPU machine, which the cluster must see (issue 55).
 *
 * <p>{@link NetnsClusterTest} (MINA SSHD in-process) stays for what this does not test: password login, and faults
 * before the runs.
 */
@Tag("long") // OpenSSH hosts in network namespaces: minutes
class OpenSshClusterTest {
    private static final String PREFIX = "fbos";
    private static final String BRIDGE = PREFIX + "0";
    private static final Path SSHD = Path.of("/usr/sbin/sshd");
    private static final int FIX_PORT = 9878;

    /** The hosts' keys, homes, /tmp folders and sshd logs: made once for the class (until 2026-12-02 per test). */
    private static Path base;
    private static final List<Process> sshds = new ArrayList<>();
    private static final List<String> namespaces = new ArrayList<>();
    private static boolean bridge;
    /** This test's folder under {@link #base}: its results, log and checkout. */
    private Path work;

    @BeforeEach
    void folder() throws Exception {
        work = Files.createTempDirectory(base, "test-");
    }

    @BeforeAll
    static void hosts() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "network and mount namespaces need root");
        if (!Files.isExecutable(SSHD)) {
            String install = "OpenSSH's server is not installed: scripts/install-test-hosts.sh installs it";
            if ("1".equals(System.getenv("FIXBENCH_REQUIRE_OPENSSH"))) {
                fail(install);
            }
            assumeTrue(false, install);
        }
        // not under /tmp: each host's /tmp is a folder of its own, mounted over it
        base = Files.createTempDirectory(Path.of("/var/tmp"), "fixbench-openssh-");
        Path home = Files.createDirectories(base.resolve("home/.ssh"));
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", home.resolve("id_ed25519").toString());
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", base.resolve("hostkey").toString());
        Files.createDirectories(Path.of("/run/sshd")); // OpenSSH's privilege separation folder
        Files.writeString(base.resolve("sshd_config"), String.join("\n", "Port 22",
                "PermitRootLogin prohibit-password", "PubkeyAuthentication yes", "PasswordAuthentication no",
                "KbdInteractiveAuthentication no", "AuthorizedKeysFile /root/.ssh/authorized_keys", "UsePAM no",
                "StrictModes no", "HostKey " + base.resolve("hostkey"), "PidFile none",
                "Subsystem sftp internal-sftp", ""));
        for (int n = 1; n <= 3; n++) { // what an earlier run killed before its clean-up left
            new ProcessBuilder("ip", "netns", "del", PREFIX + "-h" + n).redirectErrorStream(true).start().waitFor();
        }
        new ProcessBuilder("ip", "link", "del", BRIDGE).redirectErrorStream(true).start().waitFor();
        run("ip", "link", "add", BRIDGE, "type", "bridge");
        bridge = true;
        run("ip", "addr", "add", "198.18.1.1/24", "dev", BRIDGE);
        run("ip", "link", "set", BRIDGE, "up");
        for (int n = 1; n <= 3; n++) {
            host(n);
        }
    }

    /** Host n: namespace fbos-hN at 198.18.1.(10+n), its own /root (with the key's public half) and /tmp, sshd. */
    private static void host(int n) throws Exception {
        String ns = PREFIX + "-h" + n;
        String outside = PREFIX + n + "r";
        String inside = PREFIX + n + "n";
        run("ip", "netns", "add", ns);
        namespaces.add(ns);
        run("ip", "link", "add", outside, "type", "veth", "peer", "name", inside);
        run("ip", "link", "set", inside, "netns", ns);
        run("ip", "link", "set", outside, "master", BRIDGE);
        run("ip", "link", "set", outside, "up");
        run("ip", "netns", "exec", ns, "ip", "addr", "add", address(n) + "/24", "dev", inside);
        run("ip", "netns", "exec", ns, "ip", "link", "set", inside, "up");
        run("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up");
        Path root = Files.createDirectories(hostRoot(n).resolve(".ssh"));
        Files.copy(base.resolve("home/.ssh/id_ed25519.pub"), root.resolve("authorized_keys"));
        Path tmp = Files.createDirectories(base.resolve("h" + n + "/tmp"));
        run("chmod", "1777", tmp.toString());
        Process sshd = new ProcessBuilder("ip", "netns", "exec", ns, "unshare", "-m", "--propagation", "private",
                "sh", "-c", "mount --bind " + hostRoot(n) + " /root && mount --bind " + tmp + " /tmp && exec "
                + SSHD + " -D -e -f " + base.resolve("sshd_config")).redirectErrorStream(true)
                .redirectOutput(base.resolve("h" + n + "/sshd.log").toFile()).start();
        sshds.add(sshd);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!listening(ns)) {
            assertTrue(sshd.isAlive(), ns + ": sshd exited: " + Files.readString(base.resolve("h" + n + "/sshd.log")));
            assertTrue(System.nanoTime() < deadline, ns + ": sshd does not listen");
            Thread.sleep(100);
        }
    }

    private static boolean listening(String ns) throws Exception {
        Process p = new ProcessBuilder("ip", "netns", "exec", ns, "ss", "-Htln", "sport", "= :22")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return !out.isBlank();
    }

    private static String address(int n) {
        return "198.18.1." + (10 + n);
    }

    private static Path hostRoot(int n) {
        return base.resolve("h" + n + "/root");
    }

    @AfterAll
    static void removeHosts() throws Exception {
        for (Process p : sshds) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        for (String ns : namespaces) {
            for (long pid : pidsIn(ns)) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
            run("ip", "netns", "del", ns);
        }
        if (bridge) {
            run("ip", "link", "del", BRIDGE);
        }
        if (base != null) {
            org.fixbench.engine.Directories.deleteRecursively(base);
        }
    }

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + ": " + out.trim());
        }
    }

    private static List<Long> pidsIn(String ns) throws Exception {
        Process p = new ProcessBuilder("ip", "netns", "pids", ns).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        List<Long> pids = new ArrayList<>();
        for (String s : out.trim().split("\\s+")) {
            if (s.matches("\\d+")) {
                pids.add(Long.parseLong(s));
            }
        }
        return pids;
    }

    /** The JVMs running in the hosts' namespaces (sshd aside). */
    private List<String> jvmsLeft() throws Exception {
        List<String> left = new ArrayList<>();
        for (String ns : namespaces) {
            for (long pid : pidsIn(ns)) {
                ProcessHandle.of(pid).flatMap(h -> h.info().command())
                        .filter(c -> c.endsWith("/java")).ifPresent(c -> left.add(ns + ": " + pid + " " + ProcessHandle
                                .of(pid).flatMap(h -> h.info().commandLine()).orElse("")
                                .replaceAll("-cp \\S+|-classpath \\S+", "")));
            }
        }
        return left;
    }

    private Path clusterFile(String... more) throws Exception {
        List<String> lines = new ArrayList<>(List.of("server=" + address(1),
                "clients=" + address(2) + "," + address(3), "user=root",
                "key=" + base.resolve("home/.ssh/id_ed25519"), "port=" + FIX_PORT,
                "java=" + TestHostsJava.c1Only(base)));
        lines.addAll(List.of(more));
        lines.add("");
        return Files.writeString(base.resolve("cluster.properties"), String.join("\n", lines));
    }

    /**
     * The suite as a user's checkout holds it once {@code scripts/fixbench ... --cluster} built the cluster module:
     * fix-configs/, and the module's jar and its own libraries under cluster/target. Returns the class path the
     * launcher gives a command with --cluster: the cli's (this test's, less this module and what it adds), then the
     * module's jar, whose manifest names the rest.
     */
    private String installed(Path checkout) throws Exception {
        Path configs = org.fixbench.engine.FixConfigs.root();
        try (Stream<Path> files = Files.walk(configs)) {
            for (Path f : files.toList()) {
                Path to = checkout.resolve("fix-configs").resolve(configs.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        Path target = Files.createDirectories(checkout.resolve("cluster/target"));
        Path lib = Path.of("target/lib").toAbsolutePath(); // copied before the tests (process-classes)
        Files.createSymbolicLink(target.resolve("lib"), lib);
        Path classes = Path.of("target/classes").toAbsolutePath();
        List<String> added;
        try (Stream<Path> jars = Files.list(lib)) {
            added = jars.map(j -> j.getFileName().toString()).sorted().toList();
        }
        java.util.jar.Manifest manifest = new java.util.jar.Manifest(); // as maven-jar-plugin writes it
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(java.util.jar.Attributes.Name.CLASS_PATH,
                String.join(" ", added.stream().map(n -> "lib/" + n).toList()));
        try (java.util.jar.JarOutputStream jar = new java.util.jar.JarOutputStream(Files.newOutputStream(
                target.resolve("fixbench-cluster.jar")), manifest); Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                jar.putNextEntry(new java.util.jar.JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, jar);
                jar.closeEntry();
            }
        }
        List<String> cli = new ArrayList<>();
        for (String entry : ClassPaths.expanded(System.getProperty("java.class.path")).split(java.io.File.pathSeparator)) {
            Path e = Path.of(entry).toAbsolutePath().normalize();
            // not this module's classes, nor what it adds, nor Maven's manifest-only jar (which names them all)
            if (!e.startsWith(Path.of("target").toAbsolutePath()) && !added.contains(e.getFileName().toString())
                    && !e.getFileName().toString().startsWith("surefirebooter")) {
                cli.add(entry);
            }
        }
        cli.add(target.resolve("fixbench-cluster.jar").toString());
        return String.join(java.io.File.pathSeparator, cli);
    }

    /**
     * {@code fixbench ARGS} in a JVM of its own, as the launcher starts it for --cluster (the cli's class path and the
     * cluster module's jar); its home holds the test's key (the orchestrator's login keys).
     */
    private Process fixbench(List<String> args, Path log) throws Exception {
        Path checkout = Files.createDirectories(work.resolve("checkout"));
        String classPath = installed(checkout);
        List<String> command = new ArrayList<>(List.of(TestHostsJava.thisJava(), "-XX:TieredStopAtLevel=1", "-Xmx1g", "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
                "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "-Duser.home=" + base.resolve("home"),
                "-Dfixbench.home=" + checkout, "-cp", classPath, "org.fixbench.cli.FixbenchCli"));
        command.addAll(args);
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** Once the command ended: within 45 s no JVM is left on any host, and nothing under any login's home but .ssh. */
    private void nothingLeftWithin45s() throws Exception {
        long ended = System.nanoTime();
        List<String> left = jvmsLeft();
        while (!left.isEmpty() && System.nanoTime() - ended < TimeUnit.SECONDS.toNanos(45)) {
            Thread.sleep(500);
            left = jvmsLeft();
        }
        System.out.printf("no JVM left on any host %.1f s after the command ended%n", (System.nanoTime() - ended) / 1e9);
        assertEquals(List.of(), left, "JVMs left 45 s after the command ended");
        for (int n = 1; n <= 3; n++) {
            try (Stream<Path> s = Files.list(hostRoot(n))) {
                assertEquals(List.of(".ssh"), s.map(p -> p.getFileName().toString()).sorted().toList(),
                        "left under host " + n + "'s home");
            }
        }
    }

    /** A seed whose two rounds run the default pair in both orders (raw TCP, index 0, is the floor). */
    private static long seedForBothOrders() {
        for (long seed = 1; ; seed++) {
            List<List<RunOrder.Slot>> plan = RunOrder.plan(2, 0, 1, 2, seed);
            if (plan.get(0).get(0).engine() != plan.get(1).get(0).engine()) {
                return seed;
            }
        }
    }

    @Test
    void theDefaultPairInBothOrdersAnswersEveryOrderAndLeavesNothing() throws Exception {
        Path results = work.resolve("results");
        Path log = work.resolve("compare.log");
        long seed = seedForBothOrders();
        long started = System.nanoTime();
        Process p = fixbench(List.of("compare", "--cluster", clusterFile().toString(), "--engines",
                "tcp:yield,sbe:yield", "--rates", "1000", "--runs", "2", "--duration", "1s", "--warmup", "300ms",
                "--warmup-cap", "0s", "--seed",
                Long.toString(seed), "--allow-concurrent", "--out", results.toString()), log);
        // the class path of every JVM a client host's node forks to measure (a look a second)
        java.util.Map<Long, String> forkClassPaths = new java.util.concurrent.ConcurrentHashMap<>();
        Thread looking = new Thread(() -> {
            while (p.isAlive()) {
                try {
                    for (long pid : pidsIn(PREFIX + "-h2")) {
                        List<String> cmd = List.of(Files.readString(Path.of("/proc/" + pid + "/cmdline"),
                                StandardCharsets.ISO_8859_1).split("\0"));
                        if (cmd.contains("fork-client") && cmd.indexOf("-cp") >= 0) {
                            forkClassPaths.put(pid, cmd.get(cmd.indexOf("-cp") + 1));
                        }
                    }
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    return;
                } catch (Exception gone) {
                    // a process ended between the list and the read
                }
            }
        }, "fork-class-paths");
        looking.setDaemon(true);
        looking.start();
        boolean ended = p.waitFor(10, TimeUnit.MINUTES);
        looking.interrupt();
        String output = Files.readString(log);
        System.out.println(output);
        System.out.printf("the comparison took %.0f s%n", (System.nanoTime() - started) / 1e9);
        assertTrue(ended, "the comparison did not end within 10 minutes");
        assertTrue(p.exitValue() == 0 || p.exitValue() == 2, "exit " + p.exitValue());
        // both orders: the turns' folders on a client host, numbered in the order they ran
        List<String> turns;
        try (Stream<Path> s = Files.list(results.resolve("hosts").resolve(address(2)))) {
            turns = s.filter(Files::isDirectory).map(f -> f.getFileName().toString()).sorted().toList();
        }
        assertEquals(4, turns.size(), turns.toString());
        assertTrue(turns.get(0).endsWith("tcp_yield") != turns.get(2).endsWith("tcp_yield"),
                "the two rounds in both orders: " + turns);
        // the cause of issue 55: every client host pinned its harness to the same CPU of the one machine they share
        for (String turn : turns) {
            java.util.Set<Long> cpus = new java.util.HashSet<>();
            for (int n = 2; n <= 3; n++) {
                Map<?, ?> summary = new com.fasterxml.jackson.databind.ObjectMapper().readValue(
                        results.resolve("hosts").resolve(address(n)).resolve(turn).resolve("summary.json").toFile(),
                        Map.class);
                for (Object r : (List<?>) summary.get("results")) {
                    for (Object pin : (List<?>) ((Map<?, ?>) r).get("pinning")) {
                        Map<?, ?> m = (Map<?, ?>) pin;
                        if (Boolean.TRUE.equals(m.get("pinned"))) {
                            assertTrue(cpus.add(((Number) m.get("cpu")).longValue()), turn + ": two client hosts of "
                                    + "one machine pinned to CPU " + m.get("cpu"));
                        }
                    }
                }
            }
        }
        assertTrue(output.contains("are one machine (one kernel: the same boot_id) of "), output);
        // what a forked measuring JVM carries: the suite, not the orchestrator the node runs in
        assertTrue(!forkClassPaths.isEmpty(), "no forked client seen on " + address(2));
        for (String classPath : forkClassPaths.values()) {
            assertTrue(classPath.contains("HdrHistogram"), classPath);
            List<String> theClusters = Stream.of(classPath.split(java.io.File.pathSeparator))
                    .map(e -> Path.of(e).getFileName().toString())
                    .filter(n -> Stream.of("fixbench-cluster", "jetty-cluster-orchestrator", "zookeeper", "netty")
                            .anyMatch(n::startsWith)).toList();
            assertEquals(List.of(), theClusters, "the cluster module's jars on a forked client's class path");
        }
        ResultsReader.Read read = ResultsReader.read(results);
        assertEquals(2, read.results().size());
        for (BenchmarkResult b : read.results()) {
            assertEquals(2, b.runs().size(), b.name());
            for (RunResult run : b.runs()) {
                assertEquals(run.sent(), run.received(), b.name() + ": every order answered");
                assertEquals(0, run.lost(), b.name());
            }
            long sum = 0;
            for (Object row : (List<?>) b.labels().get("hosts")) {
                sum += ((Number) ((Map<?, ?>) row).get("count")).longValue();
            }
            long all = b.runs().stream().mapToLong(r -> r.endToEnd().count()).sum();
            assertEquals(all, sum, b.name() + ": the merged count is the sum of the hosts'");
        }
        nothingLeftWithin45s();
    }

    @Test
    void aHostThatNeverReachesABarrierIsNamedInOneLine() throws Exception {
        Path results = work.resolve("results");
        Path log = work.resolve("compare.log");
        // a margin of 5 s rather than the default 30 s: the stall is named 25 s sooner (the bound's sum is asserted
        // by BarrierWatchTest). The client is frozen as soon as it is seen, before its first gate or at it, so the
        // others wait at the warm-up's barrier or at run 1's. (Until 2026-12-03 it was frozen 3 s after it was seen:
        // with a 300 ms warm-up a client of C1 alone had passed its last barrier by then and the turn ran into the
        // forked client's own timeout, "did not finish within 84 s", so the warm-up was 6 s and the test 47 s.)
        Process p = fixbench(List.of("compare", "--cluster", clusterFile("barrier-margin=5s").toString(), "--engines",
                "tcp:yield", "--rates", "1000", "--runs", "1", "--duration", "2s", "--warmup", "300ms", "--warmup-cap", "0s",
                "--allow-concurrent",
                "--out", results.toString()), log);
        // the third host's forked client, frozen once it runs: it never reaches its next gate
        long frozen = -1;
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (frozen < 0 && System.nanoTime() < deadline && p.isAlive()) {
            for (long pid : pidsIn(PREFIX + "-h3")) {
                String cmd;
                try {
                    cmd = Files.readString(Path.of("/proc/" + pid + "/cmdline"), StandardCharsets.ISO_8859_1);
                } catch (java.io.IOException gone) {
                    continue;
                }
                if (cmd.contains("fork-client")) {
                    frozen = pid;
                }
            }
            if (frozen < 0) {
                Thread.sleep(20);
            }
        }
        assertTrue(frozen > 0, "no forked client on host 3: " + Files.readString(log));
        run("kill", "-STOP", Long.toString(frozen));
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the comparison did not end");
        String output = Files.readString(log);
        System.out.println(output);
        assertEquals(org.fixbench.cli.options.ExitStatus.STOPPED, p.exitValue());
        List<String> lines = output.lines().filter(l -> l.startsWith("fixbench: ")).toList();
        assertEquals(1, lines.size(), output);
        String line = lines.get(0);
        assertTrue(line.matches("fixbench: comparison stopped early: --cluster: client hosts waited [0-9.]+ s at the "
                + "barrier before (the warm-up|run 1) of tcp:yield \\(fixbench-001-round-1-tcp_yield-(warmup|run-1)-1"
                + "\\), longer than this turn's bound of [0-9]+ s \\(its warm-up's schedule and cap, its runs, and 5 s\\): "
                + address(3).replace(".", "\\.")
                + " \\(its log ends: .*\\) did not arrive"), line);
        assertTrue(Files.exists(results.resolve("report.md")), "the results so far are written");
        assertTrue(Files.readString(results.resolve("report.md")).contains("stopped early"));
        nothingLeftWithin45s();
    }
}
