package org.fixbench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.fixbench.engine.EngineSetup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare --cluster}'s input: the cluster file and what the comparison across hosts does not do, each refused
 * in one line before any host is contacted; what a client host's comparison is handed.
 */
class ClusterInputTest {
    @TempDir
    Path tmp;

    private Path file(String... lines) throws Exception {
        return Files.writeString(tmp.resolve("cluster-" + System.nanoTime() + ".properties"),
                String.join("\n", lines) + "\n");
    }

    private static String refusal(String... args) {
        StringWriter err = new StringWriter();
        int status = org.fixbench.cli.FixbenchCli.execute(args, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        String[] lines = err.toString().strip().split("\n");
        assertEquals(2, status, err.toString());
        assertEquals(1, lines.length, "one line, no stack trace: " + err);
        return lines[0];
    }

    private void assertRefused(String expected, String... lines) throws Exception {
        Path f = file(lines);
        String line = refusal("compare", "--cluster", f.toString(), "--engines", "tcp:yield", "--rates", "1000",
                "--out", tmp.resolve("never").toString());
        assertTrue(line.startsWith("fixbench: --cluster " + f + ": " + expected), line);
    }

    @Test
    void aClusterFileIsReadAndEachMistakeInItIsOneLine() throws Exception {
        Files.writeString(tmp.resolve("pw"), "secret\n");
        ClusterFile c = ClusterFile.read(file("# hosts", "server=10.0.0.1", "clients=10.0.0.2, 10.0.0.3",
                "user=bench", "ssh-port=2200", "password-file=pw", "port=9999", "java=/opt/jdk/bin/java",
                "server.cpus=1", "client.cpus=0,1", "barrier-margin=5s"));
        assertEquals("10.0.0.1", c.server());
        assertEquals(5_000_000_000L, c.barrierMarginNanos());
        assertEquals(List.of("10.0.0.2", "10.0.0.3"), c.clients());
        assertEquals("bench", c.user());
        assertEquals(2200, c.sshPort());
        assertEquals(9999, c.port());
        assertEquals("/opt/jdk/bin/java", c.java());
        assertEquals(List.of(1), c.serverCpus());
        assertEquals(List.of(0, 1), c.clientCpus());
        assertEquals("secret", new String(c.password()));
        ClusterFile defaults = ClusterFile.read(file("server=a", "clients=b"));
        assertEquals(ClusterFile.DEFAULT_PORT, defaults.port());
        assertEquals(22, defaults.sshPort());
        assertEquals("java", defaults.java());
        assertEquals(null, defaults.password());
        assertEquals(BarrierWatch.MARGIN_NANOS, defaults.barrierMarginNanos());

        assertRefused("no server (server=HOST)", "clients=b");
        assertRefused("no client hosts", "server=a");
        assertRefused("a is both the server host and a client host", "server=a", "clients=b,a");
        assertRefused("client host b is named twice", "server=a", "clients=b,b");
        assertRefused("unknown key 'client'", "server=a", "client=b");
        assertRefused("port must be a port, 1-65535 (was '70000')", "server=a", "clients=b", "port=70000");
        assertRefused("ssh-port must be a port, 1-65535 (was 'x')", "server=a", "clients=b", "ssh-port=x");
        assertRefused("client.cpus must list CPU numbers", "server=a", "clients=b", "client.cpus=0-1");
        assertRefused("barrier-margin must be a duration of at least 1s, e.g. 30s (was '5')", "server=a",
                "clients=b", "barrier-margin=5");
        assertRefused("barrier-margin must be a duration of at least 1s", "server=a", "clients=b",
                "barrier-margin=500ms");
        assertRefused("password-file", "server=a", "clients=b", "password-file=missing");
        assertRefused("key /elsewhere/id_rsa: the cluster orchestrator logs in only with the default keys",
                "server=a", "clients=b", "key=/elsewhere/id_rsa");
        String none = refusal("compare", "--cluster", tmp.resolve("none.properties").toString(), "--out",
                tmp.resolve("never").toString());
        assertTrue(none.startsWith("fixbench: --cluster: no file "), none);
    }

    @Test
    void whatTheComparisonAcrossHostsDoesNotDoIsRefusedInOneLine() throws Exception {
        Path f = file("server=a", "clients=b,c");
        String out = tmp.resolve("never").toString();
        String c = f.toString();
        assertTrue(refusal("compare", "--cluster", c, "--server", "a:1", "--engines", "tcp", "--out", out)
                .contains("--cluster and --server"));
        assertTrue(refusal("compare", "--cluster", c, "--pairs", "sbe/quickfixj", "--out", out)
                .contains("--cluster does not run --pairs"));
        assertTrue(refusal("compare", "--cluster", c, "--engines", "tcp", "--knee", "p99=1ms", "--out", out)
                .contains("--knee"));
        assertTrue(refusal("compare", "--cluster", c, "--engines", "tcp", "--fork", "none", "--out", out)
                .contains("--fork none"));
        assertTrue(refusal("compare", "--cluster", c, "--engines", "tcp", "--no-interleave", "--out", out)
                .contains("--no-interleave"));
        assertTrue(refusal("compare", "--cluster", c, "--engines", "tcp,sbe:tls", "--out", out)
                .contains("--cluster does not run TLS yet (sbe:tls)"));
        assertTrue(refusal("compare", "--cluster", c, "--engines", "tcp", "--rates", "1", "--out", out)
                .contains("1/s is less than one order a second for each of the 2 client hosts"));
        assertTrue(refusal("compare", "--cluster", c, "--engines", "tcp", "--rates", "1000,1001", "--out", out)
                .contains("give client host c the same share"));
        assertTrue(refusal("knee", "--cluster", c, "--engine", "tcp:tls", "--slo", "p99=1ms", "--out", out)
                .contains("--cluster does not run TLS yet (tcp:tls)"));
        assertTrue(refusal("knee", "--cluster", c, "--engine", "tcp", "--slo", "p99=1ms", "--sessions", "3",
                "--out", out).contains("3 sessions cannot be split evenly between 2 client hosts"));
        assertTrue(refusal("compare", "--cluster", c, "--engines", "tcp", "--rates", "1000", "--sessions", "3",
                "--out", out).contains("3 sessions cannot be split evenly between 2 client hosts"));
        String tune = refusal("tune", "--cluster", tmp.resolve("none.properties").toString(), "--engine", "sbe:yield",
                "--vary", "validation=session", "--out", out);
        assertTrue(tune.startsWith("fixbench: --cluster: no file "), "tune takes the cluster to its comparison: " + tune);
        assertTrue(!Files.exists(tmp.resolve("never")), "nothing written");
    }

    @Test
    void eachClientHostTakesAnEqualShareOfARateTheRemainderToTheFirst() {
        assertEquals(List.of(334L, 333L, 333L), List.of(ClusterComparison.share(1_000, 3, 0),
                ClusterComparison.share(1_000, 3, 1), ClusterComparison.share(1_000, 3, 2)));
        assertEquals(500, ClusterComparison.share(1_000, 2, 1));
        long sum = 0;
        for (int k = 0; k < 7; k++) {
            sum += ClusterComparison.share(10_001, 7, k);
        }
        assertEquals(10_001, sum, "the shares add up to the rate");
    }

    @Test
    void aClientHostIsHandedHowEachRunGoesAndNothingElse() {
        // (a comparison's own options, e.g. --rates and --runs, are the orchestrator's to split)
        assertEquals(List.of("--duration", "2s", "--warmup=1s", "--no-pin", "--wait", "spin", "--allow-concurrent"),
                org.fixbench.cli.options.Hosts.hostArgs(List.of("--cluster", "f", "--engines", "tcp", "--duration", "2s",
                        "--warmup=1s", "--rates", "1000", "--no-pin", "--out", "x", "--wait", "spin", "--runs",
                        "5", "--allow-concurrent")));
        assertEquals(0, org.fixbench.cli.flow.Comparison.identities("0/2")[0]);
        assertEquals(2, org.fixbench.cli.flow.Comparison.identities("1/2")[1]);
        for (String bad : List.of("2/2", "x/2", "1", "-1/2")) {
            String line = refusal("compare", "--engines", "tcp", "--identities", bad, "--out",
                    tmp.resolve("never").toString());
            assertTrue(line.contains("--identities must be FIRST/TOTAL"), line);
        }
    }

    private static EngineSetup setup() {
        return new EngineSetup("p", null, null, java.net.InetAddress.getLoopbackAddress(), null, cpu -> {
        });
    }

    @Test
    void aClientsSessionsTakeTheIdentitiesItIsGivenAmongTheServersAll() {
        EngineSetup setup = setup()
                .withSessions(2).withIdentities(2, 4);
        String base = org.fixbench.engine.Workload.CLIENT_COMP_ID;
        assertEquals(List.of(base + "-003", base + "-004"), setup.clientCompIds());
        assertEquals(base + "-004", setup.forSession(1).clientCompId());
        EngineSetup one = setup()
                .withIdentities(1, 2);
        assertEquals(base + "-002", one.clientCompId());
        assertEquals(base, setup()
                .clientCompId(), "one session alone keeps its identity");
        try {
            setup.withIdentities(3, 4);
            throw new AssertionError("sessions 4-5 of 4 taken");
        } catch (IllegalArgumentException expected) {
            assertTrue(expected.getMessage().contains("not within 1-4"), expected.getMessage());
        }
    }
}
