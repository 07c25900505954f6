package org.fixbench.cli.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mortbay.jetty.orchestrator.Cluster;
import org.mortbay.jetty.orchestrator.NodeArray;
import org.mortbay.jetty.orchestrator.configuration.Jvm;
import org.mortbay.jetty.orchestrator.configuration.Node;
import org.mortbay.jetty.orchestrator.configuration.SimpleClusterConfiguration;
import org.mortbay.jetty.orchestrator.configuration.SimpleNodeArrayConfiguration;

/**
 * Issue 41's ground, before its command: three simulated hosts, each a network namespace joined by a veth pair to a
 * bridge in this one (198.18.0.0/24, inside 198.18.0.0/15 only), each running an SSH server this test starts; Jetty's
 * cluster orchestrator starts a JVM on each over SSH (the class path copied over SFTP) and runs code there. Each client
 * node reports the network namespace it runs in (two, neither this test's), and each pings the server host over the
 * simulated network ({@link ClusterPing}). The namespaces, links, servers and nodes are made and removed by the test.
 */
class NetnsClusterTest {
    private static final String PREFIX = "fbtest";
    private static final int SSH_PORT = 2222;
    private static final String PASSWORD = "fixbench-test";
    private final List<Process> servers = new ArrayList<>();
    private final List<String> namespaces = new ArrayList<>();
    private static final String BRIDGE = PREFIX + "0";
    private boolean bridge;

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
    private void network() throws Exception {
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
     * PREFIXNr, its side PREFIXNn), running an SSH server on its disk.
     */
    private String host(int n) throws Exception {
        String ns = PREFIX + "-h" + n;
        String outside = PREFIX + n + "r";
        String inside = PREFIX + n + "n";
        ip("netns", "add", ns);
        namespaces.add(ns);
        ip("link", "add", outside, "type", "veth", "peer", "name", inside);
        ip("link", "set", inside, "netns", ns);
        ip("link", "set", outside, "master", BRIDGE);
        ip("link", "set", outside, "up");
        ip("netns", "exec", ns, "ip", "addr", "add", "198.18.0." + (10 + n) + "/24", "dev", inside);
        ip("netns", "exec", ns, "ip", "link", "set", inside, "up");
        ip("netns", "exec", ns, "ip", "link", "set", "lo", "up");
        String address = "198.18.0." + (10 + n);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path disk = Files.createDirectories(tmp.resolve("disk-" + n));
        Process sshd = new ProcessBuilder("ip", "netns", "exec", ns, java, "-Duser.home=" + disk,
                "-cp", System.getProperty("java.class.path"),
                NetnsSshd.class.getName(), address, Integer.toString(SSH_PORT), PASSWORD,
                tmp.resolve("hostkey-" + n).toString()).directory(disk.toFile()).redirectErrorStream(true).start();
        servers.add(sshd);
        BufferedReader lines = new BufferedReader(new InputStreamReader(sshd.getInputStream()));
        String line;
        while ((line = lines.readLine()) != null && !line.startsWith("listening")) {
            // its start-up lines
        }
        assertTrue(line != null, "the SSH server of " + ns + " did not start");
        return address;
    }

    @AfterEach
    void removeHosts() throws Exception {
        for (Process p : servers) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        for (String ns : namespaces) {
            // every process left in it (a node the orchestrator started) keeps the namespace, and its links, alive
            Process pids = new ProcessBuilder("ip", "netns", "pids", ns).redirectErrorStream(true).start();
            for (String pid : new String(pids.getInputStream().readAllBytes()).trim().split("\\s+")) {
                if (!pid.isEmpty()) {
                    ProcessHandle.of(Long.parseLong(pid)).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
            pids.waitFor(10, TimeUnit.SECONDS);
            ip("netns", "del", ns); // its end of the veth pair goes with it, and so the pair
        }
        if (bridge) {
            ip("link", "del", BRIDGE);
        }
    }

    /** Node "s" of array "server" on the server host, "c1" and "c2" of array "clients" on the client hosts. */
    private static SimpleClusterConfiguration cluster(String server, String c1, String c2) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new SimpleClusterConfiguration()
                .jvm(new Jvm((fs, h) -> java))
                .hostLauncher(new PasswordSshLauncher("root", PASSWORD.toCharArray(), SSH_PORT))
                .nodeArray(new SimpleNodeArrayConfiguration("server").node(new Node("s", server)))
                .nodeArray(new SimpleNodeArrayConfiguration("clients").node(new Node("c1", c1))
                        .node(new Node("c2", c2)));
    }

    @Test
    void theOrchestratorRunsANodeInEachSimulatedHostAndTheClientHostsPingTheServerHost() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "network namespaces need root");
        network();
        String server = host(1);
        String c1 = host(2);
        String c2 = host(3);
        SimpleClusterConfiguration cfg = cluster(server, c1, c2);
        String mine = Files.readSymbolicLink(Path.of("/proc/self/ns/net")).toString();
        long started = System.nanoTime();
        try (Cluster cluster = new Cluster(cfg)) {
            long up = System.nanoTime();
            NodeArray clients = cluster.nodeArray("clients");
            clients.executeOnAll(tools -> Files.writeString(Path.of("netns.txt"),
                    Files.readSymbolicLink(Path.of("/proc/self/ns/net")).toString())).get(60, TimeUnit.SECONDS);
            String ns1 = Files.readString(clients.rootPathOf("c1").resolve("netns.txt"));
            String ns2 = Files.readString(clients.rootPathOf("c2").resolve("netns.txt"));
            assertTrue(ns1.startsWith("net:["), ns1);
            assertNotEquals(mine, ns1);
            assertNotEquals(mine, ns2);
            assertNotEquals(ns1, ns2);
            // each client host reaches the server host over the simulated network, timed on its own clock
            Map<String, ClusterPing.HostPath> paths = ClusterPing.measure(cluster,
                    cluster.nodeArray("server"), "s", server, 7070, clients, 2_000, Duration.ofSeconds(60));
            System.out.printf("3 hosts started in %.1f s; pinged in %.1f s: %s%n", (up - started) / 1e9,
                    (System.nanoTime() - up) / 1e9, paths);
            assertEquals(List.of("c1", "c2"), List.copyOf(paths.keySet()));
            assertEquals(c1, paths.get("c1").host());
            for (ClusterPing.HostPath p : paths.values()) {
                assertEquals(2_000, p.roundTrips());
                assertTrue(p.p50Nanos() > 0 && p.p50Nanos() <= p.p99Nanos() && p.p99Nanos() <= p.maxNanos(),
                        p.toString());
            }
        }
        assertEquals(3, namespaces.size());
    }

    /**
     * The comparison across hosts, by hand, as {@code compare --cluster} will do it: one raw-TCP server of two
     * sessions on the server host, a comparison of half the rate on each client host against it, started together at
     * a barrier; each host's end-to-end histogram read back and added. fix-configs/ is read from this checkout (the
     * hosts share its disk here; the orchestrator copies the class path only).
     */
    @Test
    void twoClientHostsDriveOneServerAndTheirHistogramsAddUp() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "network namespaces need root");
        network();
        String server = host(1);
        String c1 = host(2);
        String c2 = host(3);
        String home = org.fixbench.engine.FixConfigs.root().getParent().toString();
        SimpleClusterConfiguration cfg = cluster(server, c1, c2);
        try (Cluster cluster = new Cluster(cfg)) {
            NodeArray servers = cluster.nodeArray("server");
            NodeArray clients = cluster.nodeArray("clients");
            servers.executeOn("s", tools -> {
                System.setProperty("fixbench.home", home);
                org.fixbench.cli.FixbenchCli.execute(new String[] {"serve", "--engine", "tcp:yield", "--port", "0",
                        "--port-file", "port", "--bind", server, "--sessions", "2", "--duration", "120s"},
                        new PrintWriter(System.out, true), new PrintWriter(System.err, true));
            });
            Path portFile = servers.rootPathOf("s").resolve("port");
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!Files.exists(portFile) && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            String port = Files.readString(portFile).trim();
            String go = "fixbench-compare-" + System.nanoTime();
            clients.executeOnAll(tools -> {
                System.setProperty("fixbench.home", home);
                tools.barrier(go, 2).await(60, TimeUnit.SECONDS);
                int status = org.fixbench.cli.FixbenchCli.execute(new String[] {"compare", "--engines", "tcp:yield",
                        "--server", server + ":" + port, "--rates", "500", "--runs", "1", "--duration", "2s",
                        "--warmup", "300ms", "--no-pin", "--allow-concurrent", "--out", "out"},
                        new PrintWriter(System.out, true), new PrintWriter(System.err, true));
                Files.writeString(Path.of("status"), Integer.toString(status));
            }).get(300, TimeUnit.SECONDS);
            org.HdrHistogram.Histogram merged = new org.HdrHistogram.Histogram(3);
            long sum = 0;
            StringBuilder rows = new StringBuilder("host | count | p50 us | p99 us | worst us\n");
            for (String id : List.of("c1", "c2")) {
                Path root = clients.rootPathOf(id);
                assertEquals("0", Files.readString(root.resolve("status")).trim(), id + "'s comparison");
                Path log;
                try (Stream<Path> files = Files.walk(root.resolve("out").resolve("hlog"))) {
                    log = files.filter(f -> f.getFileName().toString().equals("endToEnd.hlog")).findFirst()
                            .orElseThrow();
                }
                org.HdrHistogram.Histogram host = null;
                try (InputStream in = Files.newInputStream(log)) {
                    org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(in);
                    org.HdrHistogram.EncodableHistogram h;
                    while ((h = reader.nextIntervalHistogram()) != null) {
                        if (h instanceof org.HdrHistogram.Histogram run && run.getTag() == null) {
                            host = run; // the measured run's own interval (one run)
                        }
                    }
                }
                assertTrue(host != null && host.getTotalCount() > 0, id + ": " + log);
                sum += host.getTotalCount();
                merged.add(host);
                rows.append(String.format(Locale.ROOT, "%s (%s) | %,d | %.1f | %.1f | %.1f%n", id,
                        clients.hostnameOf(id), host.getTotalCount(), host.getValueAtPercentile(50) / 1e3,
                        host.getValueAtPercentile(99) / 1e3, host.getMaxValue() / 1e3));
            }
            rows.append(String.format(Locale.ROOT, "merged | %,d | %.1f | %.1f | %.1f%n",
                    merged.getTotalCount(), merged.getValueAtPercentile(50) / 1e3,
                    merged.getValueAtPercentile(99) / 1e3, merged.getMaxValue() / 1e3));
            System.out.print(rows);
            assertEquals(sum, merged.getTotalCount(), "the merged count is the sum of the hosts'");
        }
    }
}
