package org.fixbench.engine;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A TLS terminator: Debian's stunnel (package stunnel4) in a process of its own, for an engine that speaks no TLS.
 * On the server's side it accepts TLS and passes plain FIX to the engine's server on the loopback; on the client's
 * side it accepts the engine's client's plain connection on the loopback and speaks TLS to the server, trusting the
 * run's certificate authority alone ({@link TlsMaterial}) and checking the server's address against its
 * certificate. Both sides allow one protocol version, the profile's ({@code tlsProtocol}), and set TCP_NODELAY on
 * every socket.
 *
 * <p>Its process is started pinned as the engine's own threads are ({@link PinnedProcess}), watched
 * ({@link #failure()}), and stopped with its files removed on {@link #close()}. What it logs tells the protocol and
 * cipher each connection negotiated ({@link #negotiated()}) and why one failed ({@link #reason()}).
 */
public final class Stunnel implements AutoCloseable {
    /** The command, as Debian installs it. */
    static final String COMMAND = "stunnel";
    /** How to install it, for the one line that says it is missing. */
    public static final String INSTALL = "apt-get install -y stunnel4";
    private static final long READY_MILLIS = 10_000;
    private static final long STOP_MILLIS = 3_000;
    private static final int BIND_ATTEMPTS = 3;
    private static final AtomicInteger INSTANCES = new AtomicInteger();
    private static final Pattern NEGOTIATED = Pattern.compile("(TLSv[0-9.]+|SSLv3) ciphersuite: (\\S+)");
    private static final Pattern LEVEL = Pattern.compile("LOG([0-7])\\[[^]]*\\]: (.*)");
    private static final Pattern VERSION = Pattern.compile("stunnel ([0-9.]+) on ");
    private static final Pattern OPENSSL = Pattern.compile("Running +with (OpenSSL [0-9.a-z]+)");

    /** Which end of the connection it serves. */
    public enum Side {
        SERVER, CLIENT;

        /** "server" or "client". */
        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final Side side;
    private final String engine;
    private final Process process;
    private final Path config;
    private final Path log;
    private final InetSocketAddress address;
    private volatile boolean stopping;

    private Stunnel(Side side, String engine, Process process, Path config, Path log, InetSocketAddress address) {
        this.side = side;
        this.engine = engine;
        this.process = process;
        this.config = config;
        this.log = log;
        this.address = address;
    }

    /** Null when stunnel can be run here, else one line naming how to install it. */
    public static String missing() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, COMMAND))) {
                return null;
            }
        }
        return "stunnel is not installed (a TLS terminator for engines without TLS of their own): " + INSTALL
                + " (scripts/install-external-engines.sh installs it)";
    }

    /**
     * The server's terminator: accepts TLS on {@code accept} (port 0: any free one) and passes each connection, once
     * its handshake is done, to {@code backend}.
     */
    public static Stunnel server(TlsMaterial material, InetSocketAddress accept, InetSocketAddress backend,
                                 String protocol, EngineSetup setup, String engine) throws IOException, InterruptedException {
        String service = "cert = " + material.certificateFile() + "\nkey = " + material.keyFile() + "\n";
        return start(Side.SERVER, accept, backend, protocol, service, setup, engine, material.folder());
    }

    /**
     * The client's terminator: accepts plain connections on a free loopback port and connects each to {@code server}
     * over TLS, trusting the run's authority alone and checking the server's address in its certificate.
     */
    public static Stunnel client(TlsMaterial material, InetSocketAddress server, String protocol, EngineSetup setup,
                                 String engine) throws IOException, InterruptedException {
        return client(material.caFile(), material.folder(), "checkIP = " + server.getAddress().getHostAddress(),
                server, protocol, setup, engine);
    }

    /**
     * The client's terminator to a server that runs elsewhere with a certificate of its own: as
     * {@link #client(TlsMaterial, InetSocketAddress, String, EngineSetup, String)}, trusting the authorities of
     * {@code caFile} alone (PEM) and checking the name {@code server} was given by in its certificate (its address
     * when it was given as one); its files in {@code folder}.
     */
    public static Stunnel client(Path caFile, Path folder, InetSocketAddress server, String protocol,
                                 EngineSetup setup, String engine) throws IOException, InterruptedException {
        String host = server.getHostString();
        boolean literal = host.matches("[0-9.]+") || host.contains(":");
        return client(caFile, folder, literal ? "checkIP = " + host : "checkHost = " + host + "\nsni = " + host,
                server, protocol, setup, engine);
    }

    private static Stunnel client(Path caFile, Path folder, String check, InetSocketAddress server, String protocol,
                                  EngineSetup setup, String engine) throws IOException, InterruptedException {
        String service = "client = yes\nCAfile = " + caFile + "\nverifyChain = yes\n" + check + "\n";
        return start(Side.CLIENT, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), server, protocol,
                service, setup, engine, folder);
    }

    private static Stunnel start(Side side, InetSocketAddress accept, InetSocketAddress connect, String protocol,
                                 String service, EngineSetup setup, String engine, Path folder)
            throws IOException, InterruptedException {
        String missing = missing();
        if (missing != null) {
            throw new IllegalArgumentException(engine + ": " + missing);
        }
        String failures = "";
        for (int attempt = 1; attempt <= BIND_ATTEMPTS; attempt++) {
            int port = accept.getPort() != 0 ? accept.getPort() : freePort(accept.getAddress());
            String name = "stunnel-" + side.word() + "-" + ProcessHandle.current().pid() + "-"
                    + INSTANCES.incrementAndGet();
            Path config = folder.resolve(name + ".conf");
            Path log = folder.resolve(name + ".log");
            Files.writeString(config, "foreground = yes\npid =\nsyslog = no\ndebug = info\n"
                    + "[" + engine.replaceAll("[^A-Za-z0-9_.-]", "-") + "]\n"
                    + "accept = " + hostPort(accept.getAddress(), port) + "\n"
                    + "connect = " + hostPort(connect.getAddress(), connect.getPort()) + "\n"
                    + "sslVersion = " + protocol + "\n"
                    + "socket = l:TCP_NODELAY=1\nsocket = r:TCP_NODELAY=1\n" + service, StandardCharsets.US_ASCII);
            ProcessBuilder builder = new ProcessBuilder(COMMAND, config.toString()).redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            Process process = PinnedProcess.start(builder, setup, side.word() + " TLS terminator",
                    engine + ": the TLS terminator (stunnel, " + side.word() + " side)");
            Stunnel stunnel = new Stunnel(side, engine, process, config, log,
                    new InetSocketAddress(accept.getAddress(), port));
            String problem = stunnel.awaitReady();
            if (problem == null) {
                setup.note(PinnedProcess.cpusNote("TLS terminator (" + stunnel.version() + ", " + side.word()
                        + " side)", process.pid()));
                return stunnel;
            }
            stunnel.close();
            failures = problem;
            if (accept.getPort() != 0 || !problem.contains("Address already in use")) {
                break;
            }
        }
        throw new IllegalStateException(engine + ": the TLS terminator (stunnel, " + side.word()
                + " side) did not start: " + failures);
    }

    /** Null once it accepts connections; else why not (it exited, it said so, or it took too long). */
    private String awaitReady() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_MILLIS);
        while (true) {
            List<String> lines = lines();
            if (lines.stream().anyMatch(l -> l.contains("Accepting new connections"))) {
                return null;
            }
            if (!process.isAlive() || lines.stream().anyMatch(l -> l.contains("Configuration failed"))) {
                String why = errors(lines);
                return why != null ? why : "it exited" + (process.isAlive() ? "" : " with status " + process.exitValue());
            }
            if (System.nanoTime() > deadline) {
                return "it did not accept connections within " + READY_MILLIS + " ms";
            }
            Thread.sleep(10);
        }
    }

    /** Where it accepts connections. */
    public InetSocketAddress address() {
        return address;
    }

    public Side side() {
        return side;
    }

    /** The process, for its CPU time and threads. */
    public Process process() {
        return process;
    }

    /**
     * The protocol and cipher suite of the last connection it completed a handshake on, e.g.
     * {@code TLSv1.3 TLS_AES_256_GCM_SHA384}; null before any.
     */
    public String negotiated() {
        String found = null;
        for (String line : lines()) {
            Matcher m = NEGOTIATED.matcher(line);
            if (m.find()) {
                found = m.group(1) + " " + m.group(2);
            }
        }
        return found;
    }

    /** {@code stunnel 5.68, OpenSSL 3.0.19}, as it said when it started. */
    public String version() {
        String stunnel = null;
        String openssl = null;
        for (String line : lines()) {
            Matcher v = VERSION.matcher(line);
            Matcher o = OPENSSL.matcher(line);
            if (stunnel == null && v.find()) {
                stunnel = v.group(1);
            }
            if (openssl == null && o.find()) {
                openssl = o.group(1);
            }
        }
        return "stunnel " + (stunnel == null ? "(version unknown)" : stunnel) + (openssl == null ? "" : ", " + openssl);
    }

    /** Why a connection through it failed, from what it logged (the certificate's verdict first); null if nothing. */
    public String reason() {
        return errors(lines());
    }

    private static String errors(List<String> lines) {
        String certificate = null;
        String last = null;
        for (String line : lines) {
            Matcher m = LEVEL.matcher(line);
            if (!m.find() || Integer.parseInt(m.group(1)) > 4 || line.contains("[ui]: No trusted certificates found")) {
                continue; // above warnings, or what a server says of the client certificates it does not ask for
            }
            String text = m.group(2).trim();
            if (text.startsWith("CERT: ") && certificate == null) {
                certificate = text.substring("CERT: ".length());
            }
            last = text;
        }
        return certificate != null ? certificate + (last != null && !last.contains(certificate) ? " (" + last + ")" : "")
                : last;
    }

    /**
     * Why it can no longer carry the session (it exited), with what it logged last; null while it runs or once
     * {@link #close()} stopped it.
     */
    public String failure() {
        if (stopping || process.isAlive()) {
            return null;
        }
        String why = reason();
        return engine + ": the TLS terminator (stunnel, " + side.word() + " side, pid " + process.pid()
                + ") exited with status " + process.exitValue() + (why == null ? "" : ": " + why);
    }

    private List<String> lines() {
        try {
            return Files.exists(log) ? Files.readAllLines(log, StandardCharsets.ISO_8859_1) : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Stops it (asked, then killed) and removes its files. */
    @Override
    public void close() {
        stopping = true;
        process.destroy();
        try {
            if (!process.waitFor(STOP_MILLIS, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_MILLIS, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try {
            Files.deleteIfExists(config);
            Files.deleteIfExists(log);
        } catch (IOException e) {
            // the run's work folder goes with it
        }
    }

    private static String hostPort(InetAddress address, int port) {
        String host = address.getHostAddress();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    private static int freePort(InetAddress address) throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, address)) {
            return probe.getLocalPort();
        }
    }
}
