package org.fixbench.cluster;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;

import org.fixbench.cli.flow.AcrossHosts;
import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.run.BenchmarkSession;

/**
 * Where a comparison across hosts runs ({@code compare --cluster FILE}): a properties file, as the profiles in
 * fix-configs/ are. Keys:
 * <ul>
 *   <li>{@code server}: the host the engine's server runs on (its address is the one clients connect to);</li>
 *   <li>{@code clients}: the client hosts, comma-separated; each runs one client JVM at a time;</li>
 *   <li>{@code user} (default: this user's name), {@code ssh-port} (22);</li>
 *   <li>{@code key}: the private key to log in with; the orchestrator (1.1.6) logs in only with the user's default
 *   keys ({@code ~/.ssh/id_rsa}, {@code id_dsa}, {@code id_ed25519}, {@code id_ecdsa}), so a key elsewhere is
 *   refused; {@code password-file}: log in by the password in this file instead;</li>
 *   <li>{@code port}: the FIX port on the server host (default 9878);</li>
 *   <li>{@code java}: the {@code java} every host runs (default: {@code java} on the login's PATH);</li>
 *   <li>{@code server.cpus}, {@code client.cpus}: the CPUs of each role on its host (default: as on one machine);</li>
 *   <li>{@code barrier-margin}: how much longer than a turn's planned work and warm-up cap a client host may wait
 *   at a barrier for the others before the comparison stops, naming them (default 30s).</li>
 * </ul>
 * Every problem is one line naming the file and the key.
 */
public record ClusterFile(Path file, String server, List<String> clients, String user, int sshPort, Path key,
                          Path passwordFile, int port, String java, List<Integer> serverCpus,
                          List<Integer> clientCpus, long barrierMarginNanos) implements AcrossHosts.Cluster {
    /** The keys sshj (under the orchestrator) tries, in ~/.ssh. */
    public static final List<String> DEFAULT_KEYS = List.of("id_rsa", "id_dsa", "id_ed25519", "id_ecdsa");
    private static final Set<String> KEYS = Set.of("server", "clients", "user", "ssh-port", "key", "password-file",
            "port", "java", "server.cpus", "client.cpus", "barrier-margin");
    public static final int DEFAULT_PORT = 9878;

    /** @throws IllegalArgumentException one line, naming the file and what is wrong */
    public static ClusterFile read(Path file) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException("--cluster: no file " + file);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("--cluster: cannot read " + file + ": " + e.getMessage());
        }
        String where = "--cluster " + file + ": ";
        for (String k : p.stringPropertyNames()) {
            if (!KEYS.contains(k)) {
                throw new IllegalArgumentException(where + "unknown key '" + k + "' (keys: " + String.join(", ",
                        new java.util.TreeSet<>(KEYS)) + ")");
            }
        }
        String server = p.getProperty("server", "").trim();
        if (server.isEmpty()) {
            throw new IllegalArgumentException(where + "no server (server=HOST)");
        }
        List<String> clients = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String c : p.getProperty("clients", "").split(",")) {
            String host = c.trim();
            if (host.isEmpty()) {
                continue;
            }
            if (!seen.add(host)) {
                throw new IllegalArgumentException(where + "client host " + host + " is named twice");
            }
            if (host.equals(server)) {
                throw new IllegalArgumentException(where + host + " is both the server host and a client host: "
                        + "the engine under test runs alone on its host");
            }
            clients.add(host);
        }
        if (clients.isEmpty()) {
            throw new IllegalArgumentException(where + "no client hosts (clients=HOST,HOST...)");
        }
        String user = p.getProperty("user", System.getProperty("user.name")).trim();
        int sshPort = port(p, "ssh-port", 22, where);
        int port = port(p, "port", DEFAULT_PORT, where);
        Path key = null;
        if (p.getProperty("key") != null) {
            key = Path.of(p.getProperty("key").trim().replaceFirst("^~", System.getProperty("user.home")))
                    .toAbsolutePath().normalize();
            Path ssh = Path.of(System.getProperty("user.home"), ".ssh").toAbsolutePath().normalize();
            if (!key.getParent().equals(ssh) || !DEFAULT_KEYS.contains(key.getFileName().toString())) {
                throw new IllegalArgumentException(where + "key " + key + ": the cluster orchestrator logs in only "
                        + "with the default keys in " + ssh + " (" + String.join(", ", DEFAULT_KEYS) + ")");
            }
            if (!Files.isReadable(key)) {
                throw new IllegalArgumentException(where + "key " + key + " cannot be read");
            }
        }
        Path passwordFile = null;
        if (p.getProperty("password-file") != null) {
            passwordFile = file.toAbsolutePath().getParent().resolve(p.getProperty("password-file").trim());
            if (!Files.isReadable(passwordFile)) {
                throw new IllegalArgumentException(where + "password-file " + passwordFile + " cannot be read");
            }
            if (key != null) {
                throw new IllegalArgumentException(where + "key and password-file: give one or the other");
            }
        }
        String java = p.getProperty("java", "java").trim();
        return new ClusterFile(file, server, List.copyOf(clients), user, sshPort, key, passwordFile, port, java,
                cpus(p, "server.cpus", where), cpus(p, "client.cpus", where), barrierMargin(p, where));
    }

    /** The password of {@code password-file} (its first line), or null when the hosts take keys. */
    public char[] password() {
        if (passwordFile == null) {
            return null;
        }
        try {
            List<String> lines = Files.readAllLines(passwordFile, StandardCharsets.UTF_8);
            String password = lines.isEmpty() ? "" : lines.get(0);
            org.fixbench.harness.results.Secrets.add(password); // never printed, nor written
            return password.toCharArray();
        } catch (IOException e) {
            throw new IllegalArgumentException("--cluster " + file + ": password-file " + passwordFile
                    + " cannot be read: " + e.getMessage());
        }
    }

    private static int port(Properties p, String key, int fallback, String where) {
        String v = p.getProperty(key);
        if (v == null) {
            return fallback;
        }
        try {
            int port = Integer.parseInt(v.trim());
            if (port >= 1 && port <= 65_535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(where + key + " must be a port, 1-65535 (was '" + v.trim() + "')");
    }

    private static long barrierMargin(Properties p, String where) {
        String v = p.getProperty("barrier-margin");
        if (v == null) {
            return BarrierWatch.MARGIN_NANOS;
        }
        try {
            long nanos = org.fixbench.cli.options.Durations.parseNanos(v);
            if (nanos >= 1_000_000_000L) {
                return nanos;
            }
        } catch (RuntimeException e) {
            // below
        }
        throw new IllegalArgumentException(where + "barrier-margin must be a duration of at least 1s, e.g. 30s (was '"
                + v.trim() + "')");
    }

    private static List<Integer> cpus(Properties p, String key, String where) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            return List.of();
        }
        List<Integer> out = new ArrayList<>();
        for (String c : v.split(",")) {
            try {
                int cpu = Integer.parseInt(c.trim());
                if (cpu < 0) {
                    throw new NumberFormatException();
                }
                out.add(cpu);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + key + " must list CPU numbers, e.g. 0,1 (was '" + v.trim()
                        + "')");
            }
        }
        return List.copyOf(out);
    }

    @Override
    public void check(List<Long> rates, int sessions) {
        ClusterComparison.check(this, rates, sessions);
    }

    @Override
    public AcrossHosts.Rounds comparison(BenchmarkSession session, RunOptions options, int sessions,
                                         List<String> hostArgs) {
        return new ClusterComparison(this, session, options, sessions, hostArgs);
    }
}
