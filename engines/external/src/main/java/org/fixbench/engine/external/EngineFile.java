package org.fixbench.engine.external;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

import org.fixbench.engine.Setting;
import org.fixbench.engine.Workload;

/**
 * An engine file ({@code fix-configs/external/NAME.properties}, or any file named by its path): how a FIX acceptor
 * fixbench did not build is started or reached, the session it expects, and the order to send it. Read strictly: an
 * unknown key, a missing CompID or a malformed field is refused in one line naming the file.
 *
 * @param command          the shell command that starts the acceptor, placeholders filled in ({@link #PLACEHOLDERS});
 *                         empty when the acceptor runs elsewhere
 * @param address          HOST:PORT where one already runs; empty when started or given with {@code --server}
 * @param versionCommand   the shell command that prints the acceptor's version (recorded); empty for none
 * @param requires         files (relative to the suite's checkout, or absolute) the command needs, else refused
 * @param install          the one command that installs what {@code requires} names
 * @param logonFields      the Logon's extra fields, whole ("tag=value" and SOH); DefaultApplVerID first for FIXT.1.1
 * @param orderFields      the NewOrderSingle's fields but ClOrdID and TransactTime, whole, in tag order
 */
public record EngineFile(Path file, String name, String command, String address, String versionCommand,
                         List<String> requires, String install, String clientCompId, String serverCompId,
                         String beginString, int heartBtIntSeconds, boolean resetSeqNumFlag, byte[] logonFields,
                         byte[] orderFields, String idle, int startTimeoutMillis, int logonTimeoutMillis,
                         String jvmFlags) {

    public static final List<String> BEGIN_STRINGS = List.of("FIX.4.2", "FIX.4.4", "FIXT.1.1");
    /** What {@link #command} may hold, filled in when the acceptor is started. */
    public static final List<String> PLACEHOLDERS = List.of("{port}", "{dir}", "{home}", "{clientCompId}",
            "{serverCompId}", "{beginString}", "{heartBtInt}");
    /** The workload's order, the same as every engine's: every field but ClOrdID (11) and TransactTime (60). */
    public static final String DEFAULT_ORDER = "1=" + Workload.ACCOUNT + "|21=" + Workload.HANDL_INST + "|38="
            + Workload.ORDER_QTY + "|40=" + Workload.ORD_TYPE + "|44=" + Workload.PRICE + "|54=" + Workload.SIDE
            + "|55=" + Workload.SYMBOL + "|59=" + Workload.TIME_IN_FORCE;
    /** Header, trailer and per-order fields the client writes itself: never in {@code order} or {@code logonFields}. */
    private static final java.util.Set<Integer> CLIENT_WRITES = java.util.Set.of(8, 9, 10, 34, 35, 49, 52, 56, 11,
            60, 98, 108, 141);

    /** Every key a file may hold, with its default and meaning: what {@code fixbench settings external} lists. */
    public static final List<Setting> SETTINGS = List.of(
            Setting.text("command", "", "the shell command that starts the acceptor; " + String.join(" ", PLACEHOLDERS)
                    + " are filled in (its port, a work folder of its own, the suite's checkout, the CompIDs, the "
                    + "BeginString, the HeartBtInt); empty: the acceptor runs elsewhere (address, or --server)"),
            Setting.text("address", "", "HOST:PORT of an acceptor that already runs (nothing is started); --server "
                    + "overrides it"),
            Setting.text("versionCommand", "", "a shell command that prints the acceptor's version, recorded with "
                    + "the results"),
            Setting.text("requires", "", "files the command needs, relative to the suite's checkout, separated by "
                    + "spaces: when one is missing the engine is refused, naming the install command"),
            Setting.text("install", "", "the one command that installs what requires names"),
            Setting.text("clientCompId", "(required)", "the client's SenderCompID (the acceptor's TargetCompID)"),
            Setting.text("serverCompId", "(required)", "the acceptor's SenderCompID (the client's TargetCompID)"),
            Setting.choice("beginString", "FIX.4.4", "the BeginString; FIXT.1.1 also needs logon field 1137 "
                    + "(DefaultApplVerID)", "FIX.4.2", "FIX.4.4", "FIXT.1.1"),
            Setting.integer("heartBtInt", 1, 3_600, "30", "the HeartBtInt the Logon proposes, seconds"),
            Setting.choice("resetSeqNumFlag", "Y", "whether the Logon carries ResetSeqNumFlag=Y (both sides start at "
                    + "1)", "Y", "N"),
            Setting.text("logonFields", "", "the Logon's other fields as TAG=VALUE separated by |, e.g. "
                    + "553=trader|554=secret or 1137=9"),
            Setting.text("order", DEFAULT_ORDER, "the NewOrderSingle's fields as TAG=VALUE separated by |, in any "
                    + "order; ClOrdID (11, the intended start time in ns) and TransactTime (60) are the client's"),
            Setting.choice("idle", "spin", "what the client's one thread does between reads: spin, yield (a CPU "
                    + "shared) or back off", "spin", "yield", "backoff"),
            Setting.integer("startTimeoutMillis", 100, 600_000, "20000", "how long the started acceptor has to "
                    + "listen on its port"),
            Setting.integer("logonTimeoutMillis", 100, 600_000, "10000", "how long the acceptor has to answer the "
                    + "Logon"),
            Setting.JVM_FLAGS);

    public EngineFile {
        requires = List.copyOf(requires);
        logonFields = logonFields.clone();
        orderFields = orderFields.clone();
    }

    @Override
    public byte[] logonFields() {
        return logonFields.clone();
    }

    @Override
    public byte[] orderFields() {
        return orderFields.clone();
    }

    /** Reads and checks {@code file}. @throws IllegalArgumentException one line naming the file and the fault */
    public static EngineFile read(Path file) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw new IllegalArgumentException("engine file " + file + ": cannot be read (" + e.getMessage() + ")");
        }
        return of(file, p);
    }

    /** The settings given as {@code p}, from {@code file}. */
    static EngineFile of(Path file, Properties p) {
        String where = "engine file " + file + ": ";
        List<String> known = SETTINGS.stream().map(Setting::key).toList();
        for (String key : new java.util.TreeSet<>(p.stringPropertyNames())) {
            if (!known.contains(key)) {
                throw new IllegalArgumentException(where + "unknown key '" + key + "' (keys: "
                        + String.join(", ", known) + ")");
            }
        }
        for (Setting s : SETTINGS) {
            String v = p.getProperty(s.key());
            if (v != null && s.kind() != Setting.Kind.TEXT && s.problem(v) != null) {
                throw new IllegalArgumentException(where + s.key() + " " + s.problem(v) + " (was '" + v.trim()
                        + "')");
            }
        }
        String client = value(p, "clientCompId");
        String server = value(p, "serverCompId");
        for (String[] id : new String[][] {{"clientCompId", client}, {"serverCompId", server}}) {
            if (id[1].isEmpty()) {
                throw new IllegalArgumentException(where + id[0] + " is missing (the " + (id[0].startsWith("client")
                        ? "client's SenderCompID" : "acceptor's SenderCompID") + ")");
            }
            if (!id[1].chars().allMatch(c -> c > ' ' && c < 127)) {
                throw new IllegalArgumentException(where + id[0] + " must be printable ASCII without spaces (was '"
                        + id[1] + "')");
            }
        }
        String begin = p.getProperty("beginString", "FIX.4.4").trim();
        Map<Integer, String> logon = fields(where, "logonFields", value(p, "logonFields"));
        if (begin.equals("FIXT.1.1") && !logon.containsKey(1137)) {
            throw new IllegalArgumentException(where + "beginString FIXT.1.1 needs DefaultApplVerID in logonFields "
                    + "(e.g. logonFields=1137=9 for FIX.5.0SP2)");
        }
        if (!begin.equals("FIXT.1.1") && logon.containsKey(1137)) {
            throw new IllegalArgumentException(where + "DefaultApplVerID (1137) is for beginString FIXT.1.1 only "
                    + "(was " + begin + ")");
        }
        String orderText = p.getProperty("order");
        Map<Integer, String> order = fields(where, "order", orderText == null ? DEFAULT_ORDER : orderText.trim());
        if (order.isEmpty()) {
            throw new IllegalArgumentException(where + "order holds no field");
        }
        String command = value(p, "command");
        String address = value(p, "address");
        if (!command.isEmpty() && !address.isEmpty()) {
            throw new IllegalArgumentException(where + "give command (fixbench starts the acceptor) or address (it "
                    + "runs already), not both");
        }
        if (!address.isEmpty()) {
            hostAndPort(where, address);
        }
        if (command.contains("{") && !placeholdersKnown(command)) {
            throw new IllegalArgumentException(where + "command holds a placeholder fixbench does not fill (it fills "
                    + String.join(" ", PLACEHOLDERS) + ")");
        }
        String name = file.getFileName().toString();
        name = name.endsWith(".properties") ? name.substring(0, name.length() - ".properties".length()) : name;
        String requires = value(p, "requires");
        return new EngineFile(file, name, command, address, value(p, "versionCommand"),
                requires.isEmpty() ? List.of() : List.of(requires.split("\\s+")), value(p, "install"), client, server,
                begin, Integer.parseInt(p.getProperty("heartBtInt", "30").trim()),
                p.getProperty("resetSeqNumFlag", "Y").trim().equals("Y"), bytes(logon), bytes(order),
                p.getProperty("idle", "spin").trim(),
                Integer.parseInt(p.getProperty("startTimeoutMillis", "20000").trim()),
                Integer.parseInt(p.getProperty("logonTimeoutMillis", "10000").trim()), value(p, "jvmFlags"));
    }

    private static String value(Properties p, String key) {
        String v = p.getProperty(key);
        return v == null ? "" : v.trim();
    }

    private static boolean placeholdersKnown(String command) {
        String rest = command;
        for (String placeholder : PLACEHOLDERS) {
            rest = rest.replace(placeholder, "");
        }
        return !rest.matches("(?s).*\\{[A-Za-z]+}.*");
    }

    /** "TAG=VALUE|TAG=VALUE" as fields by tag (in tag order); each tag a number, each value printable, none twice. */
    static Map<Integer, String> fields(String where, String key, String text) {
        Map<Integer, String> fields = new TreeMap<>();
        if (text.isEmpty()) {
            return fields;
        }
        for (String part : text.split("\\|", -1)) {
            String field = part.trim();
            int eq = field.indexOf('=');
            int tag;
            try {
                tag = eq <= 0 ? -1 : Integer.parseInt(field.substring(0, eq));
            } catch (NumberFormatException e) {
                tag = -1;
            }
            String value = eq < 0 ? "" : field.substring(eq + 1);
            if (tag <= 0 || value.isEmpty() || !value.chars().allMatch(c -> c >= ' ' && c < 127)) {
                throw new IllegalArgumentException(where + key + " holds '" + field + "', which is not TAG=VALUE (a "
                        + "positive tag number, a printable value; fields separated by |)");
            }
            if (CLIENT_WRITES.contains(tag)) {
                throw new IllegalArgumentException(where + key + " sets tag " + tag + ", which the client writes "
                        + "itself (header, ClOrdID 11, TransactTime 60, ResetSeqNumFlag 141, HeartBtInt 108, "
                        + "EncryptMethod 98)");
            }
            if (fields.put(tag, value) != null) {
                throw new IllegalArgumentException(where + key + " sets tag " + tag + " twice");
            }
        }
        return fields;
    }

    private static byte[] bytes(Map<Integer, String> fields) {
        StringBuilder sb = new StringBuilder();
        fields.forEach((tag, value) -> sb.append(tag).append('=').append(value).append('\u0001'));
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** HOST:PORT checked. */
    static java.net.InetSocketAddress hostAndPort(String where, String text) {
        int colon = text.lastIndexOf(':');
        int port = -1;
        try {
            port = colon <= 0 ? -1 : Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            // reported below
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException(where + "address must be HOST:PORT with a port of 1-65535 (was '"
                    + text + "')");
        }
        return java.net.InetSocketAddress.createUnresolved(text.substring(0, colon), port);
    }

    /** The command with its placeholders filled in. */
    public String commandFor(int port, Path dir, Path home) {
        return command.replace("{port}", Integer.toString(port)).replace("{dir}", dir.toString())
                .replace("{home}", home.toString()).replace("{clientCompId}", clientCompId)
                .replace("{serverCompId}", serverCompId).replace("{beginString}", beginString)
                .replace("{heartBtInt}", Integer.toString(heartBtIntSeconds));
    }

    /** The first of {@link #requires} missing under {@code home}, or null when every one is there. */
    public String missing(Path home) {
        for (String r : requires) {
            Path path = Path.of(r).isAbsolute() ? Path.of(r) : home.resolve(r);
            if (!Files.exists(path)) {
                return r;
            }
        }
        return null;
    }

    /** The engine file's lines for the results: its keys and values as read (Password values shown as ***). */
    public Map<String, String> describe() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("file", file.toString());
        d.put("beginString", beginString);
        d.put("clientCompId", clientCompId);
        d.put("serverCompId", serverCompId);
        d.put("logonFields", masked(new String(logonFields, StandardCharsets.US_ASCII)));
        d.put("order", masked(new String(orderFields, StandardCharsets.US_ASCII)));
        return d;
    }

    /** {@code text} with the Logon's Password (554) and NewPassword (925) values replaced by ***. */
    public String maskingPasswords(String text) {
        String masked = text;
        for (String f : new String(logonFields, StandardCharsets.US_ASCII).split("\u0001")) {
            if ((f.startsWith("554=") || f.startsWith("925=")) && f.length() > 4) {
                masked = masked.replace(f.substring(4), "***");
            }
        }
        return masked;
    }

    /** Fields as TAG=VALUE|..., with Password (554) and NewPassword (925) masked. */
    static String masked(String soh) {
        List<String> out = new ArrayList<>();
        for (String f : soh.split("\u0001")) {
            if (f.isEmpty()) {
                continue;
            }
            out.add(f.startsWith("554=") || f.startsWith("925=") ? f.substring(0, 4) + "***" : f);
        }
        return String.join("|", out);
    }
}
