package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server on another host: two network namespaces joined by a veth pair, with addresses from the benchmarking
 * range 198.18.0.0/15 only, made and removed by this test. {@code serve} runs in one, {@code compare --server} in
 * the other; every order must be answered and the report must name the remote address. Needs root and
 * {@code ip netns}; elsewhere it is skipped with the reason.
 */
@Tag("long") // a server in another network namespace
class CrossHostTest {
    private static final String SERVER_ADDRESS = "198.18.0.1";
    private static final String CLIENT_ADDRESS = "198.18.0.2";

    @TempDir
    Path tmp;

    private static int run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("timed out: " + String.join(" ", command));
        }
        if (p.exitValue() != 0) {
            System.out.println(String.join(" ", command) + " -> " + p.exitValue() + ": " + output);
        }
        return p.exitValue();
    }

    private static boolean ipNetnsWorks() {
        try {
            return "root".equals(System.getProperty("user.name")) && run(List.of("ip", "netns", "list")) == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static List<String> fixbench(String namespace, String... args) {
        List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", namespace,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                "-XX:TieredStopAtLevel=1", // C1 alone: this asserts the path across hosts, not a latency
                "-XX:+IgnoreUnrecognizedVMOptions", "--enable-native-access=ALL-UNNAMED",
                "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens",
                "java.base/sun.nio.ch=ALL-UNNAMED", "-Dfixbench.home=" + System.getProperty("fixbench.home",
                        Path.of("..").toAbsolutePath().normalize().toString()),
                "-cp", System.getProperty("java.class.path"), FixbenchCli.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    @Test
    void compareDrivesAServerInAnotherNamespace() throws Exception {
        assumeTrue(ipNetnsWorks(), "needs root and `ip netns` (skipped: not root, or no ip netns here)");
        String id = Long.toString(ProcessHandle.current().pid() % 100_000);
        String serverNs = "fbs-" + id;
        String clientNs = "fbc-" + id;
        Process server = null;
        try {
            assertEquals(0, run(List.of("ip", "netns", "add", serverNs)));
            assertEquals(0, run(List.of("ip", "netns", "add", clientNs)));
            assertEquals(0, run(List.of("ip", "-n", serverNs, "link", "add", "vs" + id, "type", "veth", "peer", "name",
                    "vc" + id, "netns", clientNs)));
            assertEquals(0, run(List.of("ip", "-n", serverNs, "addr", "add", SERVER_ADDRESS + "/30", "dev", "vs" + id)));
            assertEquals(0, run(List.of("ip", "-n", clientNs, "addr", "add", CLIENT_ADDRESS + "/30", "dev", "vc" + id)));
            for (String[] up : new String[][] {{serverNs, "vs" + id}, {clientNs, "vc" + id}, {serverNs, "lo"},
                    {clientNs, "lo"}}) {
                assertEquals(0, run(List.of("ip", "-n", up[0], "link", "set", up[1], "up")));
            }
            Path portFile = tmp.resolve("port");
            server = new ProcessBuilder(fixbench(serverNs, "serve", "--engine", "sbe:yield", "--port", "0",
                    "--port-file", portFile.toString(), "--bind", SERVER_ADDRESS, "--duration", "120s"))
                    .redirectErrorStream(true).redirectOutput(tmp.resolve("server.log").toFile()).start();
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!Files.exists(portFile) && server.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(Files.exists(portFile), "the server listened: " + Files.readString(tmp.resolve("server.log")));
            String port = Files.readString(portFile).trim();

            Path out = tmp.resolve("results");
            Process client = new ProcessBuilder(fixbench(clientNs, "compare", "--engines", "sbe:yield", "--server",
                    SERVER_ADDRESS + ":" + port, "--rates", "500", "--runs", "1", "--duration", "1s", "--warmup",
                    "300ms", "--no-pin", "--allow-concurrent",
                    "--no-harness-floor", "--out", out.toString())).redirectErrorStream(true)
                    .redirectOutput(tmp.resolve("client.log").toFile()).start();
            assertTrue(client.waitFor(120, TimeUnit.SECONDS), "the comparison finished");
            String log = Files.readString(tmp.resolve("client.log"));
            System.out.println(log);
            assertEquals(0, client.exitValue(), log);

            JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
            JsonNode result = summary.get("results").get(0);
            assertEquals(SERVER_ADDRESS + ":" + port, result.get("remoteServer").asText());
            JsonNode run = result.get("runs").get(0);
            assertEquals(run.get("sent").asLong(), run.get("received").asLong(), "every order answered");
            assertEquals(0, run.get("lost").asLong());
            assertTrue(run.get("sent").asLong() >= 400, "about a second at 500/s: " + run.get("sent"));
            String report = Files.readString(out.resolve("report.md"));
            assertTrue(report.contains(SERVER_ADDRESS + ":" + port), "the report names the remote server");
            assertTrue(report.contains("not measured"), "and says the legs were not measured");
        } finally {
            if (server != null) {
                server.destroy();
                if (!server.waitFor(10, TimeUnit.SECONDS)) {
                    server.destroyForcibly();
                }
            }
            run(List.of("ip", "netns", "del", clientNs));
            run(List.of("ip", "netns", "del", serverNs));
        }
    }
}
