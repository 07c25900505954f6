package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.fixbench.engine.FixConfigs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gateway that wants a Password on its Logon (engines/external's TestGateway, started by its engine file's command,
 * which takes the same password as an argument), measured by {@code compare}, {@code check} and {@code tune} in a
 * process of their own: the secret planted once in the file as it is, once read from the environment and once from a
 * file; then everything the command printed and every file of its results folder is searched for it, and one hit
 * fails the test. Also the wrong password's refusal, and the references refused before anything starts.
 */
class GatewaySecretsTest {
    @TempDir
    Path dir;

    /** A value no run could print by chance. */
    private static String planted(String kind) {
        byte[] b = new byte[6];
        ThreadLocalRandom.current().nextBytes(b);
        return "Pl4nted-" + kind + "-" + HexFormat.of().formatHex(b);
    }

    private record Outcome(int status, String printed) {
    }

    /** {@code fixbench ARGS} in a JVM of its own (as scripts/fixbench starts it), with {@code env} added. */
    private static Outcome fixbench(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
        // the flags scripts/fixbench gives (surefire's argLine holds them)
        java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> !a.startsWith("-agentlib:jdwp") && !a.startsWith("-javaagent")).forEach(command::add);
        // C1 alone, in it and what it forks: this asserts where a secret goes, never a latency
        command.addAll(List.of("-XX:TieredStopAtLevel=1", "-Xmx512m", "-Dfixbench.home=" + FixConfigs.root().getParent(), "-cp",
                System.getProperty("java.class.path"), FixbenchCli.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("fixbench " + String.join(" ", args) + " did not end within 5 minutes");
        }
        return new Outcome(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    /** An engine file for TestGateway; {@code password} is how the file gives it, in logonFields and the command. */
    private Path engineFile(String name, String logonPassword, String commandPassword, String... extra)
            throws IOException {
        List<String> lines = new ArrayList<>(List.of("clientCompId=ACME-TRADER", "serverCompId=VENUE-GW",
                "logonFields=553=trader|554=" + logonPassword, "idle=backoff", "startTimeoutMillis=30000"));
        lines.addAll(List.of(extra));
        // the gateway's JVM on C1 alone too: these tests follow a secret, never a latency
        return org.fixbench.engine.external.TestGateway.engineFileWithFlags(dir.resolve(name + ".properties"),
                "-XX:TieredStopAtLevel=1", commandPassword, "ack-fill", lines.toArray(String[]::new));
    }

    private Path secretFile(String name, String secret, String permissions) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, secret + "\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(permissions));
        return f;
    }

    /** Fails on the first place that holds a secret: what was printed, then each file of {@code folder}. */
    private static void assertNowhere(Outcome o, Path folder, String... secrets) throws IOException {
        for (String s : secrets) {
            assertFalse(o.printed().contains(s), "the console shows the secret:\n" + o.printed());
        }
        if (folder == null) {
            return;
        }
        assertTrue(Files.isDirectory(folder), "a results folder: " + o.printed());
        int files = 0;
        try (Stream<Path> all = Files.walk(folder)) {
            for (Path f : all.filter(Files::isRegularFile).toList()) {
                files++;
                String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                for (String s : secrets) {
                    assertFalse(bytes.contains(s), folder.relativize(f) + " holds the secret");
                }
            }
        }
        assertTrue(files > 5, "searched the results, not an empty folder: " + files + " files");
    }

    private static String read(Path f) {
        try {
            return Files.readString(f, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static final String[] LOW_RATE = {"--rates", "300", "--runs", "1", "--duration", "1s", "--warmup", "200ms",
        "--warmup-cap", "0s", "--no-pin"};

    private static String[] args(String... first) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(LOW_RATE));
        return all.toArray(String[]::new);
    }

    @Test
    @Tag("long")
    void aComparisonWritesNoPasswordGivenInTheFileAndItsCommand() throws Exception {
        String secret = planted("literal");
        Path file = engineFile("literal", secret, secret);
        Path out = dir.resolve("compare");
        Outcome o = fixbench(Map.of(), args("compare", "--no-interleave", "--engines", "tcp:yield,external:" + file,
                "--no-harness-floor", "--out",
                out.toString()));
        assertTrue(o.status() == 0 || o.status() == 1, "ran to the end: " + o.printed());
        assertTrue(Files.readString(out.resolve("summary.json")).contains("\"received\" : 300"), "answered");
        String env = Files.readString(out.resolve("environment.json"));
        assertTrue(env.contains("554=***") && env.contains("profileSecrets"), "recorded, masked: " + env);
        assertNowhere(o, out, secret);
        try (Stream<Path> logs = Files.walk(out.resolve("server-logs"))) {
            assertTrue(logs.filter(Files::isRegularFile).anyMatch(f -> read(f).contains(" ACME-TRADER *** ack-fill")),
                    "the started command is kept in the server's log, masked");
        }
    }

    @Test
    @Tag("long")
    void checkShowsNoPasswordReadFromTheEnvironment() throws Exception {
        String secret = planted("env");
        Path file = engineFile("env", "${env:FIXBENCH_TEST_GW_PASSWORD}", "${env:FIXBENCH_TEST_GW_PASSWORD}");
        Outcome o = fixbench(Map.of("FIXBENCH_TEST_GW_PASSWORD", secret), "check", "--engine", "external:" + file,
                "--wait", "2s");
        assertEquals(0, o.status(), o.printed());
        assertTrue(o.printed().contains("READY: "), o.printed());
        assertTrue(o.printed().contains("554 Password               ***"), o.printed());
        assertTrue(o.printed().contains(" VENUE-GW ACME-TRADER *** ack-fill"), "the started command, masked: "
                + o.printed());
        assertNowhere(o, null, secret);
    }

    @Test
    @Tag("long")
    void tuneWritesNoPasswordReadFromAFile() throws Exception {
        String secret = planted("file");
        secretFile("gw-password", secret, "rw-------");
        Path secretFile = dir.resolve("gw-password");
        Path file = engineFile("file", "${file:" + secretFile + "}", "${file:" + secretFile + "}");
        Path out = dir.resolve("tune");
        Outcome o = fixbench(Map.of(), args("tune", "--engine", "external:" + file, "--vary", "idle=yield",
                "--floor", "tcp:yield", "--out", out.toString()));
        assertTrue(o.status() == 0 || o.status() == 1, "ran to the end: " + o.printed());
        assertFalse(o.printed().contains("warning"), "an owner-only file is not warned of: " + o.printed());
        assertNowhere(o, out, secret);
    }

    @Test
    @Tag("long")
    void aWrongPasswordIsNamedWithoutEitherPassword() throws Exception {
        String real = planted("real");
        String wrong = planted("wrong");
        Path open = secretFile("wrong-password", wrong, "rw-r--r--");
        Path file = engineFile("wrong", "${file:" + open + "}", "${env:FIXBENCH_TEST_GW_PASSWORD}");
        Outcome o = fixbench(Map.of("FIXBENCH_TEST_GW_PASSWORD", real), "check", "--engine", "external:" + file,
                "--wait", "300ms");
        assertEquals(1, o.status(), o.printed());
        String notReady = o.printed().lines().filter(l -> l.startsWith("NOT READY: ")).findFirst()
                .orElseThrow(() -> new AssertionError("a NOT READY line: " + o.printed()));
        assertTrue(notReady.contains("bad username or password"), "the gateway's refusal: " + notReady);
        assertTrue(o.printed().contains("which others can read (rw-r--r--): chmod 600 " + open), o.printed());
        assertNowhere(o, null, real, wrong);
    }

    @Test
    void referencesThatCannotBeReadAreRefusedBeforeAnythingStarts() throws Exception {
        Path unset = engineFile("unset", "${env:FIXBENCH_TEST_NOT_SET}", "x");
        Outcome o = fixbench(Map.of(), "check", "--engine", "external:" + unset, "--wait", "300ms");
        assertEquals(2, o.status(), o.printed());
        assertEquals("fixbench: engine file " + unset + ": logonFields tag 554 refers to ${env:FIXBENCH_TEST_NOT_SET}, "
                + "which is not set (export FIXBENCH_TEST_NOT_SET=... before fixbench runs)", o.printed().strip());

        Path missing = engineFile("missing", "${file:~/.fixbench/no-such-password}", "x");
        Path out = dir.resolve("never");
        o = fixbench(Map.of("HOME", dir.toString()), "compare", "--engines", "tcp:yield,external:" + missing,
                "--out", out.toString());
        assertEquals(2, o.status(), o.printed());
        assertEquals("fixbench: engine file " + missing + ": logonFields tag 554 refers to "
                + "${file:~/.fixbench/no-such-password}, which does not exist (" + dir.resolve(".fixbench/no-such-password")
                + ")", o.printed().strip());
        assertFalse(Files.exists(out), "nothing started, no folder");

        String secret = planted("override");
        Path plain = engineFile("plain", "pw-in-the-file", "pw-in-the-file");
        o = fixbench(Map.of(), "check", "--engine", "external:" + plain + "+logonFields=553=trader|554=" + secret);
        assertEquals(2, o.status(), o.printed());
        assertTrue(o.printed().strip().startsWith("fixbench: external:" + plain + ": a secret is given on the command "
                + "line"), o.printed());
        assertNowhere(o, null, secret);
    }
}
