package org.fixbench.engine.external;

import org.fixbench.harness.results.Secrets;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.fixbench.engine.Directories;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.ReportListener;
import org.fixbench.engine.ServerHooks;

/**
 * {@code fixbench check}: the first thing to run against a gateway. Starts the engine file's acceptor (unless it runs
 * elsewhere), logs on, sends one order, prints every message each way field by field (the Logon and its answer, the
 * order, its reports or rejects, the Logout and its Text), logs out and says in one line whether a benchmark can run.
 */
public final class Check {
    private static final Pattern FIELD = Pattern.compile("<field number=\"(\\d+)\" name=\"([A-Za-z0-9]+)\"");

    private Check() {
    }

    /**
     * Checks the acceptor {@code file} describes, at {@code server} (null: the file's address, else started by its
     * command); prints to {@code out}; returns 0 when one order got its ExecutionReport, else 1.
     */
    public static int run(Path file, InetSocketAddress server, Duration wait, PrintStream printTo) throws Exception {
        EngineFile whole = EngineFile.read(file);
        EngineFile engine = whole.forSession(1, 1); // a file of many sessions: its first
        PrintStream out = Secrets.masking(printTo);
        Map<Integer, String> names = fieldNames();
        out.println("check " + engine.name() + " (" + file + "): " + engine.clientCompId() + " -> "
                + engine.serverCompId() + ", " + engine.beginString());
        if (!engine.versionCommand().isEmpty()) {
            out.println("version: " + ExternalEngine.version(engine, ExternalEngine.home()));
        }
        Path work = Directories.createWork("check");
        StartedAcceptor started = null;
        org.fixbench.engine.Stunnel serverTls = null;
        org.fixbench.engine.Stunnel clientTls = null;
        AtomicLong answered = new AtomicLong(-1);
        StringBuilder ended = new StringBuilder();
        try {
            InetSocketAddress address = server;
            if (address == null && !engine.address().isEmpty()) {
                InetSocketAddress given = EngineFile.hostAndPort("engine file " + file + ": ", engine.address());
                address = new InetSocketAddress(given.getHostString(), given.getPort());
            }
            EngineSetup setup = new EngineSetup(file.toString(), file, work, InetAddress.getLoopbackAddress(),
                    ServerHooks.NONE, role -> { });
            if (address == null) {
                // started as a comparison starts it: with the file's CompIDs as they are ({n} and all, for the
                // acceptor of many sessions); the check's client is its first session
                started = new StartedAcceptor(whole, setup, ExternalEngine.home());
                try {
                    address = started.start();
                } catch (IllegalStateException e) {
                    out.println("NOT READY: " + e.getMessage());
                    return 1;
                }
                out.println("started " + setup.notes().get(0).replaceFirst("^[^:]*acceptor: ", "") + "; listening on "
                        + address);
                if (engine.tls() == org.fixbench.engine.Tls.TERMINATOR) {
                    serverTls = org.fixbench.engine.Stunnel.server(org.fixbench.engine.TlsMaterial.in(
                            org.fixbench.engine.TlsMaterial.folderFor(setup)), new InetSocketAddress(
                            InetAddress.getLoopbackAddress(), 0), address, engine.tlsProtocol(), setup, engine.name());
                    address = serverTls.address();
                    out.println("TLS: stunnel in front of the acceptor, on " + address);
                }
            }
            InetSocketAddress reach = address;
            if (engine.tls() != org.fixbench.engine.Tls.NONE) {
                java.nio.file.Files.createDirectories(org.fixbench.engine.TlsMaterial.folderFor(setup));
                clientTls = engine.tlsTrust() != null
                        ? org.fixbench.engine.Stunnel.client(engine.tlsTrust(),
                                org.fixbench.engine.TlsMaterial.folderFor(setup), address, engine.tlsProtocol(), setup,
                                engine.name())
                        : org.fixbench.engine.Stunnel.client(org.fixbench.engine.TlsMaterial.in(
                                org.fixbench.engine.TlsMaterial.folderFor(setup)), address, engine.tlsProtocol(), setup,
                                engine.name());
                reach = clientTls.address();
            }
            Printer printer = new Printer(out, names);
            ExternalClient client = new ExternalClient(engine, event -> out.println("   (session: " + event + ")"))
                    .tee(printer);
            ReportListener listener = new ReportListener() {
                @Override
                public void onExecutionReport(long clOrdId) {
                    answered.compareAndSet(-1, clOrdId);
                }

                @Override
                public void onDisconnect(String reason) {
                    ended.append(reason);
                }

                @Override
                public void onWrongAnswer(int session, String reason) {
                    ended.append(reason);
                }
            };
            try {
                try {
                    client.connect(reach, listener, Duration.ofMillis(engine.logonTimeoutMillis()));
                } catch (IllegalStateException | IOException e) {
                    printer.flush();
                    String tlsFailure = clientTls == null ? null : clientTls.reason();
                    out.println("NOT READY: " + (tlsFailure != null ? "the TLS session to " + address + " failed: "
                            + tlsFailure + " (the client's terminator, " + clientTls.version() + ")" : e.getMessage()));
                    return 1;
                }
                if (clientTls != null) {
                    String negotiated = clientTls.negotiated();
                    out.println("TLS: " + (negotiated == null ? org.fixbench.engine.Tls.NOT_READ : negotiated) + " ("
                            + (engine.tls() == org.fixbench.engine.Tls.NATIVE ? "the acceptor's own TLS; "
                            + clientTls.version() + " at the client" : clientTls.version() + " at both ends") + ")");
                }
                long clOrdId = System.nanoTime();
                client.send(clOrdId);
                long deadline = System.nanoTime() + wait.toNanos();
                while (System.nanoTime() < deadline && ended.length() == 0) {
                    client.poll();
                    printer.flush();
                }
                client.close();
                printer.flush();
                if (answered.get() == clOrdId && ended.length() == 0) {
                    out.println("READY: the order's ExecutionReport echoed ClOrdID " + clOrdId
                            + (client.otherReports() > 0 ? "; " + client.otherReports() + " other report(s) of it, "
                            + "counted and not timed in a benchmark" : "") + (client.unsolicitedTotal() > 0
                            ? "; messages that answer no order, taken and not answered: " + client.unsolicited() : ""));
                    return 0;
                }
                out.println("NOT READY: " + (ended.length() > 0 ? ended : "no ExecutionReport echoing ClOrdID "
                        + clOrdId + " within " + wait.toMillis() + " ms"));
                return 1;
            } finally {
                client.close();
            }
        } finally {
            for (org.fixbench.engine.Stunnel stunnel : new org.fixbench.engine.Stunnel[] {clientTls, serverTls}) {
                if (stunnel != null) {
                    stunnel.close();
                }
            }
            if (started != null) {
                String failure = started.failure();
                started.close();
                if (failure != null) {
                    out.println("the acceptor: " + failure);
                }
            }
            Directories.deleteRecursively(work);
        }
    }

    /** Field names by tag from the FIX 4.4 dictionary sbe ships (QuickFIX/J's FIX44.xml). */
    static Map<Integer, String> fieldNames() {
        Map<Integer, String> names = new HashMap<>();
        try (InputStream in = org.fixbench.fix.dictionary.FixDictionary.class.getResourceAsStream(
                org.fixbench.fix.dictionary.FixDictionary.BUNDLED_FIX44)) {
            if (in != null) {
                Matcher m = FIELD.matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                while (m.find()) {
                    names.put(Integer.parseInt(m.group(1)), m.group(2));
                }
            }
        } catch (IOException e) {
            // tags are printed without names
        }
        names.putIfAbsent(1137, "DefaultApplVerID");
        return names;
    }

    /** Splits each direction's bytes into messages and prints each one field by field. */
    private static final class Printer implements ExternalClient.Tee {
        private final PrintStream out;
        private final Map<Integer, String> names;
        private final ByteArrayOutputStream in = new ByteArrayOutputStream();
        private final ByteArrayOutputStream sent = new ByteArrayOutputStream();
        private final java.util.List<String> pending = new java.util.ArrayList<>();

        Printer(PrintStream out, Map<Integer, String> names) {
            this.out = out;
            this.names = names;
        }

        @Override
        public synchronized void read(byte[] bytes) {
            in.writeBytes(bytes);
            split(in, "<- received");
        }

        @Override
        public synchronized void written(byte[] bytes) {
            sent.writeBytes(bytes);
            split(sent, "-> sent");
        }

        synchronized void flush() {
            pending.forEach(out::println);
            pending.clear();
        }

        private void split(ByteArrayOutputStream buffer, String direction) {
            String text = buffer.toString(StandardCharsets.ISO_8859_1);
            int end;
            int from = 0;
            while ((end = text.indexOf("\u000110=", from)) >= 0 && text.indexOf('\u0001', end + 4) >= 0) {
                int stop = text.indexOf('\u0001', end + 4) + 1;
                pending.add(describe(direction, text.substring(from, stop)));
                from = stop;
            }
            buffer.reset();
            buffer.writeBytes(text.substring(from).getBytes(StandardCharsets.ISO_8859_1));
        }

        private String describe(String direction, String message) {
            StringBuilder sb = new StringBuilder();
            List<String> fields = List.of(message.split("\u0001"));
            String type = fields.stream().filter(f -> f.startsWith("35=")).findFirst().orElse("35=?").substring(3);
            sb.append(direction).append(' ').append(typeName(type)).append(" (35=").append(type).append(")");
            for (String f : fields) {
                int eq = f.indexOf('=');
                if (eq <= 0) {
                    continue;
                }
                String tag = f.substring(0, eq);
                String value = isSecretTag(tag) ? Secrets.MASK : Secrets.mask(f.substring(eq + 1));
                String name;
                try {
                    name = names.getOrDefault(Integer.parseInt(tag), "?");
                } catch (NumberFormatException e) {
                    name = "?";
                }
                sb.append(String.format("%n     %5s %-22s %s", tag, name, value));
            }
            return sb.toString();
        }

        private static boolean isSecretTag(String tag) {
            try {
                return EngineFile.SECRET_TAGS.contains(Integer.parseInt(tag));
            } catch (NumberFormatException e) {
                return false;
            }
        }

        private static String typeName(String type) {
            return MessageTypes.name(type);
        }
    }
}
