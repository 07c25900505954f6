package org.fixbench.engine.external;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.PinnedProcess;

/**
 * An acceptor started by its engine file's command, in a process group of its own ({@code setsid}), its output in
 * its work folder: ready once its port takes a connection; stopped with its whole group at the end (asked, then
 * killed), on a failure, and when this JVM is stopped. The thread that starts it is pinned first as the server's,
 * so the acceptor inherits that CPU.
 */
final class StartedAcceptor implements EngineServer {
    private static final long STOP_MILLIS = 5_000;
    private static final long PROBE_EVERY_MILLIS = 20;

    private final EngineFile file;
    private final EngineSetup setup;
    private final Path home;
    private Process process;
    private Path out;
    private Path err;
    private Thread hook;
    private volatile boolean stopping;

    StartedAcceptor(EngineFile file, EngineSetup setup, Path home) {
        this.file = file;
        this.setup = setup;
        this.home = home;
    }

    @Override
    public InetSocketAddress start() throws Exception {
        if (file.command().isEmpty()) {
            throw new IllegalArgumentException("engine file " + file.file() + ": no command to start the acceptor "
                    + "(it names " + (file.address().isEmpty() ? "no address either: give --server HOST:PORT"
                    : "address " + file.address() + ": it is reached there, not started") + ")");
        }
        String missing = file.missing(home);
        if (missing != null) {
            throw new IllegalArgumentException(ExternalEngine.notInstalled(file, missing));
        }
        InetSocketAddress address = setup.serverAddress();
        Path dir = Files.createDirectories(setup.workDirectory().resolve("acceptor"));
        out = dir.resolve("stdout.log");
        err = dir.resolve("stderr.log");
        org.fixbench.engine.TlsMaterial tls = file.tls() == org.fixbench.engine.Tls.NATIVE
                ? org.fixbench.engine.TlsMaterial.in(org.fixbench.engine.TlsMaterial.folderFor(setup)) : null;
        String command = file.commandFor(address.getPort(), dir, home, tls);
        ProcessBuilder builder = new ProcessBuilder("setsid", "/bin/sh", "-c", "exec " + command)
                .directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
        process = PinnedProcess.start(builder, setup, "server", file.name() + " acceptor");
        hook = new Thread(this::stop, "fixbench-acceptor-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        setup.note(file.name() + " acceptor: pid " + process.pid() + ": " + file.masking(command));
        long deadline = System.nanoTime() + file.startTimeoutMillis() * 1_000_000L;
        InetSocketAddress probe = new InetSocketAddress(address.getAddress().isAnyLocalAddress()
                ? java.net.InetAddress.getLoopbackAddress() : address.getAddress(), address.getPort());
        while (true) {
            if (!process.isAlive()) {
                String why = file.name() + ": the acceptor's command exited with status " + process.exitValue()
                        + " before listening on port " + address.getPort() + ": " + tail();
                close();
                throw new IllegalStateException(why);
            }
            Boolean listening = listening(address.getPort());
            if (listening == null) {
                try (Socket s = new Socket()) { // no /proc/net here: a connection it takes
                    s.connect(probe, 200);
                    break;
                } catch (IOException notYet) {
                    // not listening yet
                }
            } else if (listening) {
                break;
            }
            if (System.nanoTime() > deadline) {
                close();
                throw new IllegalStateException(file.name() + ": the acceptor did not listen on port "
                        + address.getPort() + " within " + file.startTimeoutMillis() + " ms (stopped): " + tail());
            }
            Thread.sleep(PROBE_EVERY_MILLIS);
        }
        setup.note(PinnedProcess.cpusNote(file.name() + " acceptor", process.pid()));
        System.out.println("[" + file.name() + "] started, pid " + process.pid() + ", CPUs " + PinnedProcess.cpusAllowed(process.pid())
                + ": " + file.masking(command));
        return address;
    }

    /**
     * Whether a socket of this host listens on TCP port {@code port}, from /proc/net/tcp and tcp6 (no connection made:
     * QuickFIX C++ 1.15's SSLSocketAcceptor stops answering after a connection that closes before its handshake);
     * null where they cannot be read.
     */
    static Boolean listening(int port) {
        String local = String.format(":%04X", port);
        boolean read = false;
        for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            try {
                for (String line : Files.readAllLines(Path.of(table), StandardCharsets.US_ASCII)) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 3 && f[1].endsWith(local) && f[3].equals("0A")) { // 0A: LISTEN
                        return true;
                    }
                }
                read = true;
            } catch (IOException | RuntimeException e) {
                // this table is not there: the other, or a connection
            }
        }
        return read ? false : null;
    }

    /** The acceptor process, for reading its CPU time from /proc; null before start. */
    Process process() {
        return process;
    }

    @Override
    public String failure() {
        Process p = process;
        if (p != null && !p.isAlive() && !stopping) {
            return file.name() + ": the acceptor exited with status " + p.exitValue() + ": " + tail();
        }
        return null;
    }

    /** The last lines of its stderr (else stdout), on one line. */
    String tail() {
        for (Path log : new Path[] {err, out}) {
            try {
                if (log != null && Files.exists(log) && Files.size(log) > 0) {
                    List<String> lines = lastLines(log, 5);
                    return String.join(" | ", lines.subList(lines.size() > 5 ? 1 : 0, lines.size()));
                }
            } catch (IOException e) {
                return "(its output could not be read: " + e.getMessage() + ")";
            }
        }
        return "(no output)";
    }

    /** How much of the end of an acceptor's log is read: a gateway that logs every message writes gigabytes. */
    private static final int TAIL_BYTES = 64 * 1024;

    /**
     * The last {@code count} lines of {@code log}, read from its last {@value #TAIL_BYTES} bytes only; when more came
     * before them, a first line saying how many bytes were left out.
     */
    static List<String> lastLines(Path log, int count) throws IOException {
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(log)) {
            long size = channel.size();
            long from = Math.max(0, size - TAIL_BYTES);
            java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocate((int) (size - from));
            while (bytes.hasRemaining() && channel.read(bytes, from + bytes.position()) > 0) {
                // until the end
            }
            List<String> lines = new ArrayList<>(new String(bytes.array(), 0, bytes.position(),
                    StandardCharsets.ISO_8859_1).lines().toList());
            if (from > 0 && !lines.isEmpty()) {
                lines.remove(0); // the first may be cut
            }
            long leftOut = from;
            while (lines.size() > count) {
                leftOut += lines.remove(0).length() + 1;
            }
            if (leftOut > 0) {
                lines.add(0, "(" + String.format(java.util.Locale.ROOT, "%,d", leftOut) + " earlier bytes left out)");
            }
            return lines;
        }
    }

    /** Asks the acceptor and every process it started to stop, then kills what is left; waits for them. */
    private synchronized void stop() {
        stopping = true;
        Process p = process;
        if (p == null) {
            return;
        }
        List<ProcessHandle> all = new ArrayList<>(p.descendants().toList());
        all.add(p.toHandle());
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + STOP_MILLIS * 1_000_000L;
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception notYet) {
                h.destroyForcibly();
            }
        }
        for (ProcessHandle h : all) {
            try {
                h.onExit().get(STOP_MILLIS, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                // reported by the caller's checks: nothing more to do
            }
        }
    }

    @Override
    public void close() {
        stop();
        if (out != null) {
            copyOutput();
        }
        Thread h = hook;
        if (h != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(h);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or ran
            }
        }
    }

    /** The acceptor's output onto this process's (a forked {@code serve}'s log, kept with the results). */
    private void copyOutput() {
        for (Path log : new Path[] {out, err}) {
            try {
                if (Files.exists(log) && Files.size(log) > 0) {
                    String stream = log.getFileName().toString().replace(".log", "");
                    List<String> lines = lastLines(log, 200);
                    if (lines.size() > 200) {
                        System.out.println("[" + file.name() + " " + stream + "] " + lines.get(0));
                    }
                    lines.subList(lines.size() > 200 ? 1 : 0, lines.size()).forEach(l -> System.out.println("["
                            + file.name() + " " + stream + "] " + l));
                }
            } catch (IOException e) {
                System.out.println("[" + file.name() + "] its output could not be read: " + e.getMessage());
            }
        }
    }
}
