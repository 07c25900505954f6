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

import org.fixbench.engine.Durability;
import org.fixbench.engine.Setting;
import org.fixbench.engine.Tls;
import org.fixbench.engine.TlsMaterial;
import org.fixbench.engine.Workload;
import org.fixbench.harness.results.Secrets;

/**
 * An engine file ({@code fix-configs/external/NAME.properties}, or any file named by its path): how a FIX acceptor
 * fixbench did not build is started or reached, the session it expects, and the order to send it. Read strictly: an
 * unknown key, a missing CompID or a malformed field is refused in one line naming the file.
 *
 * <p>Any value, or any field's value in {@code logonFields} and {@code order}, may be a reference read when the file
 * is: {@code ${env:NAME}} (an environment variable) or {@code ${file:PATH}} (the first line of a file, by an absolute
 * path or one under {@code ~/}, the user's home), so that the file can be committed and shared. A
 * reference to a variable that is not set or a file that is not there is refused in one line naming the key; a
 * secret file that others may read gets a warning line. {@link #secrets}: every value read through a reference, and
 * the values of {@link #SECRET_TAGS} in {@code logonFields}; each is added to {@link Secrets}, so that nothing this
 * process writes or prints holds it.
 *
 * @param command          the shell command that starts the acceptor, placeholders filled in ({@link #PLACEHOLDERS});
 *                         empty when the acceptor runs elsewhere
 * @param address          HOST:PORT where one already runs; empty when started or given with {@code --server}
 * @param versionCommand   the shell command that prints the acceptor's version (recorded); empty for none
 * @param requires         files (relative to the suite's checkout, or absolute) the command needs, else refused
 * @param install          the one command that installs what {@code requires} names
 * @param logonFields      the Logon's extra fields, whole ("tag=value" and SOH); DefaultApplVerID first for FIXT.1.1
 * @param orderFields      the NewOrderSingle's fields but ClOrdID and TransactTime, whole, in tag order
 * @param tls              how the session speaks TLS: none, through terminators, or the acceptor's own (native)
 * @param tlsProtocol      the one TLS protocol version both ends allow
 * @param tlsTrust         with native TLS and an acceptor that runs elsewhere: the PEM file of the authorities the
 *                         client trusts; else null (the run's own authority)
 * @param store            where the acceptor keeps its sessions' numbers and sent messages, as the file says it:
 *                         {@link Durability#word()} of memory, file, synced, or unknown (not said)
 */
public record EngineFile(Path file, String name, String command, String address, String versionCommand,
                         List<String> requires, String install, String clientCompId, String serverCompId,
                         String beginString, int heartBtIntSeconds, boolean resetSeqNumFlag, byte[] logonFields,
                         byte[] orderFields, String idle, int startTimeoutMillis, int logonTimeoutMillis,
                         String jvmFlags, String sequenceStore, int timedReport, int maxSessions,
                         int cancelRejectPercent, List<String> secrets, Tls tls, String tlsProtocol,
                         Path tlsTrust, String store) {

    /** What {@code clientCompId} and the Logon's fields hold where each session's own number goes (1, 2, ...). */
    public static final String SESSION_NUMBER = "{n}";

    /** {@code timedReport}: the first ExecutionReport of the order ends its round trip. */
    public static final int TIMED_FIRST = 0;
    /** {@code timedReport=ack}: its first ExecutionReport with ExecType 0 (New), past any PendingNew. */
    public static final int TIMED_ACK = 1;
    /** {@code timedReport=filled}: the ExecutionReport with OrdStatus 2 (Filled), the one that completes it. */
    public static final int TIMED_FILLED = 2;
    private static final List<String> TIMED = List.of("first", "ack", "filled");

    /**
     * Logon tags whose values are secret even when written in the file as they are: RawData (96), Password (554),
     * NewPassword (925), EncryptedPassword (1402), EncryptedNewPassword (1404).
     */
    public static final java.util.Set<Integer> SECRET_TAGS = java.util.Set.of(96, 554, 925, 1402, 1404);
    private static final java.util.regex.Pattern REFERENCE = java.util.regex.Pattern.compile(
            "\\$\\{(env|file):([^}]*)}");
    /** The secret files this process already warned of. */
    private static final java.util.Set<Path> WARNED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    public static final List<String> BEGIN_STRINGS = List.of("FIX.4.2", "FIX.4.4", "FIXT.1.1");
    /** What {@link #command} may hold, filled in when the acceptor is started. */
    public static final List<String> PLACEHOLDERS = List.of("{port}", "{dir}", "{home}", "{clientCompId}",
            "{serverCompId}", "{beginString}", "{heartBtInt}", "{store}");
    /** {@code store}'s values: the words of {@link Durability} a session can have. */
    private static final List<String> STORES = List.of(Durability.UNKNOWN.word(), Durability.MEMORY.word(),
            Durability.FILE.word(), Durability.SYNCED.word());
    /** The placeholders of an acceptor with TLS of its own ({@code tls=native}), filled in from {@link TlsMaterial}. */
    static final List<String> TLS_PLACEHOLDERS = List.of("{tlsCertificate}", "{tlsKey}", "{tlsProtocol}");
    /**
     * The tags of the file's {@code order} a cancel (35=F) may carry besides its own (Account 1 when the workload's
     * has none, and the instrument's and the parties' top-level tags of FIX 4.4's OrderCancelRequest).
     */
    public static final java.util.Set<Integer> CANCEL_TAGS = java.util.Set.of(1, 22, 48, 65, 167, 200, 207, 376,
            541, 581, 660);
    static final String CANCEL_TAGS_TEXT = CANCEL_TAGS.stream().sorted().map(String::valueOf)
            .collect(java.util.stream.Collectors.joining(", "));

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
            Setting.text("clientCompId", "(required)", "the client's SenderCompID (the acceptor's TargetCompID); with "
                    + "--sessions N it holds {n}, each session's number (ACME-{n}: ACME-1 ... ACME-N), as may any "
                    + "logonFields value (553=trader{n})"),
            Setting.integer("maxSessions", 1, Workload.MAX_SESSIONS, "1", "how many sessions the gateway lets this "
                    + "file open at once: --sessions above it is refused"),
            Setting.text("serverCompId", "(required)", "the acceptor's SenderCompID (the client's TargetCompID)"),
            Setting.choice("beginString", "FIX.4.4", "the BeginString; FIXT.1.1 also needs logon field 1137 "
                    + "(DefaultApplVerID)", "FIX.4.2", "FIX.4.4", "FIXT.1.1"),
            Setting.integer("heartBtInt", 1, 3_600, "30", "the HeartBtInt the Logon proposes, seconds"),
            Setting.choice("resetSeqNumFlag", "Y", "whether the Logon carries ResetSeqNumFlag=Y (both sides start at "
                    + "1); N: each session's numbers and sent messages are kept in sequenceStore between connections, "
                    + "runs and commands, as a venue that keeps them for the day expects", "Y", "N"),
            Setting.choice("timedReport", "first", "which ExecutionReport ends an order's round trip: the first "
                    + "(whatever it says: a PendingNew is timed at the gateway's front door), the first ack (ExecType "
                    + "0), or the fill that completes it (OrdStatus 2; an order never filled is lost). Whichever it "
                    + "is, order->first report, order->ack and order->fill are series of their own",
                    "first", "ack", "filled"),
            Setting.text("sequenceStore", "", "with resetSeqNumFlag=N, the folder of each session's kept numbers (a "
                    + "file per CompID pair; default ~/.fixbench/sequence-numbers); --reset-sequence-numbers of check "
                    + "and compare starts them again at 1"),
            Setting.text("logonFields", "", "the Logon's other fields as TAG=VALUE separated by |, e.g. "
                    + "553=trader|554=${env:GW_PASSWORD} or 1137=9; any value may be ${env:NAME} or ${file:PATH} "
                    + "(absolute or ~/), and is then secret, as Password 554 and its kin are: shown as ***"),
            Setting.text("order", DEFAULT_ORDER, "the NewOrderSingle's fields as TAG=VALUE separated by |, in any "
                    + "order; ClOrdID (11, the intended start time in ns) and TransactTime (60) are the client's. With "
                    + "any --workload but fixed, each request carries the workload's own fields (as every engine "
                    + "sends them) and of these only the tags it does not carry (an Account, an ExDestination, ...); "
                    + "a cancel only those an OrderCancelRequest may carry (" + CANCEL_TAGS_TEXT + ")"),
            Setting.integer("cancelRejectPercent", 0, 100, "10", "the share of cancels and replaces (percent) an "
                    + "OrderCancelReject may answer for a reason the flow can expect (CxlRejReason 0, too late to "
                    + "cancel; 1, unknown order: the order was filled first): counted per reason and timed as the "
                    + "request's answer; past the share (reckoned on 100 at the least: of the first 100, the "
                    + "share of 100), or for any other reason, the run fails with the reject's Text"),
            Setting.choice("idle", "spin", "what the client's one thread does between reads: spin, yield (a CPU "
                    + "shared) or back off", "spin", "yield", "backoff"),
            Setting.integer("startTimeoutMillis", 100, 600_000, "20000", "how long the started acceptor has to "
                    + "listen on its port"),
            Setting.integer("logonTimeoutMillis", 100, 600_000, "10000", "how long the acceptor has to answer the "
                    + "Logon"),
            Setting.choice("store", "unknown", "where the acceptor keeps its sessions' sequence numbers and sent "
                    + "messages, as this file says (a black box cannot be asked): memory, file (written, not synced) "
                    + "or synced (synced message by message); recorded with the results as its durability, and "
                    + "given to command and tlsCommand as {store}. A started acceptor keeps its store in {dir}, "
                    + "its work folder, removed after the run", STORES.toArray(String[]::new)),
            Setting.JVM_FLAGS, Tls.FILE_SETTING, Tls.PROTOCOL,
            Setting.text("tlsCommand", "", "the shell command that starts the acceptor serving TLS itself, run in "
                    + "place of command with tls=native; as command's placeholders, and {tlsCertificate} {tlsKey} "
                    + "(PEM files of a certificate and key made for the run) and {tlsProtocol} (TLSv1.3 or TLSv1.2)"),
            Setting.text("tlsTrust", "", "with tls=native and an acceptor that runs elsewhere (address, or --server): "
                    + "the PEM file (absolute, or under ~/) of the authorities that signed its certificate; the "
                    + "client's terminator trusts them alone and checks the name (or address) the acceptor is reached "
                    + "by. A started acceptor is given the run's own certificate ({tlsCertificate}, {tlsKey})"));

    public EngineFile {
        requires = List.copyOf(requires);
        secrets = List.copyOf(secrets);
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
        return of(file, p, System::getenv);
    }

    /** The settings given as {@code p}, from {@code file}; references to the environment read by {@code env}. */
    static EngineFile of(Path file, Properties p, java.util.function.UnaryOperator<String> env) {
        String where = "engine file " + file + ": ";
        List<String> secrets = new ArrayList<>();
        p = resolved(file, p, env, secrets);
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
                throw new IllegalArgumentException(where + s.key() + " " + s.problem(v) + " (was '"
                        + Secrets.mask(v.trim()) + "')");
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
        Map<Integer, String> logon = fields(where, "logonFields", value(p, "logonFields"), file, env, secrets);
        logon.forEach((tag, v) -> {
            if (SECRET_TAGS.contains(tag) && !secrets.contains(v)) {
                secrets.add(v);
            }
        });
        secrets.forEach(Secrets::add);
        if (begin.equals("FIXT.1.1") && !logon.containsKey(1137)) {
            throw new IllegalArgumentException(where + "beginString FIXT.1.1 needs DefaultApplVerID in logonFields "
                    + "(e.g. logonFields=1137=9 for FIX.5.0SP2)");
        }
        if (!begin.equals("FIXT.1.1") && logon.containsKey(1137)) {
            throw new IllegalArgumentException(where + "DefaultApplVerID (1137) is for beginString FIXT.1.1 only "
                    + "(was " + begin + ")");
        }
        String orderText = p.getProperty("order");
        Map<Integer, String> order = fields(where, "order", orderText == null ? DEFAULT_ORDER : orderText.trim(), file,
                env, secrets);
        secrets.forEach(Secrets::add);
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
        if (command.contains("{") && !placeholdersKnown(command, true)) {
            throw new IllegalArgumentException(where + "command holds a placeholder fixbench does not fill (it fills "
                    + String.join(" ", PLACEHOLDERS) + ")");
        }
        String store = p.getProperty("store", Durability.UNKNOWN.word()).trim();
        if (store.equals(Durability.UNKNOWN.word()) && (command + value(p, "tlsCommand")).contains("{store}")) {
            throw new IllegalArgumentException(where + "command holds {store}, but the file does not say its store "
                    + "(set store=memory, file or synced)");
        }
        Tls tls = Tls.valueOf(p.getProperty("tls", "none").trim().toUpperCase(java.util.Locale.ROOT));
        String tlsCommand = value(p, "tlsCommand");
        if (TLS_PLACEHOLDERS.stream().anyMatch(command::contains)) {
            throw new IllegalArgumentException(where + "command holds " + String.join(" ", TLS_PLACEHOLDERS.stream()
                    .filter(command::contains).toList()) + ", which only tlsCommand may hold (the command of "
                    + "tls=native)");
        }
        if (!tlsCommand.isEmpty()) {
            if (command.isEmpty()) {
                throw new IllegalArgumentException(where + "tlsCommand needs command too (the acceptor started "
                        + "without TLS of its own)");
            }
            if (!(tlsCommand.contains("{tlsCertificate}") && tlsCommand.contains("{tlsKey}"))) {
                throw new IllegalArgumentException(where + "tlsCommand needs {tlsCertificate} and {tlsKey} (the "
                        + "certificate and key made for the run, PEM, that the acceptor serves)");
            }
            if (!placeholdersKnown(tlsCommand, true)) {
                throw new IllegalArgumentException(where + "tlsCommand holds a placeholder fixbench does not fill (it "
                        + "fills " + String.join(" ", PLACEHOLDERS) + " " + String.join(" ", TLS_PLACEHOLDERS) + ")");
            }
        }
        if (tls == Tls.NATIVE && !command.isEmpty()) {
            if (tlsCommand.isEmpty()) {
                throw new IllegalArgumentException(where + "tls=native needs tlsCommand, the command that starts the "
                        + "acceptor serving TLS itself (with {tlsCertificate} and {tlsKey})");
            }
            command = tlsCommand;
        }
        if (tls == Tls.NATIVE && command.isEmpty() && value(p, "tlsTrust").isEmpty()) {
            throw new IllegalArgumentException(where + "tls=native with an acceptor that runs elsewhere needs tlsTrust, "
                    + "the PEM file of the authorities that signed its certificate");
        }
        Path trust = tlsTrust(where, value(p, "tlsTrust"), tls, command, env);
        String name = file.getFileName().toString();
        name = name.endsWith(".properties") ? name.substring(0, name.length() - ".properties".length()) : name;
        String requires = value(p, "requires");
        return new EngineFile(file, name, command, address, value(p, "versionCommand"),
                requires.isEmpty() ? List.of() : List.of(requires.split("\\s+")), value(p, "install"), client, server,
                begin, Integer.parseInt(p.getProperty("heartBtInt", "30").trim()),
                p.getProperty("resetSeqNumFlag", "Y").trim().equals("Y"), bytes(logon), bytes(order),
                p.getProperty("idle", "spin").trim(),
                Integer.parseInt(p.getProperty("startTimeoutMillis", "20000").trim()),
                Integer.parseInt(p.getProperty("logonTimeoutMillis", "10000").trim()), value(p, "jvmFlags"), value(p, "sequenceStore"),
                TIMED.indexOf(p.getProperty("timedReport", "first").trim()),
                Integer.parseInt(p.getProperty("maxSessions", "1").trim()),
                Integer.parseInt(p.getProperty("cancelRejectPercent", "10").trim()), secrets, tls,
                p.getProperty(Tls.PROTOCOL.key(), Tls.PROTOCOL.defaultValue()).trim(), trust, store);
    }

    /** {@code tlsTrust} checked: a readable file, given only with tls=native and no command; null when not given. */
    private static Path tlsTrust(String where, String given, Tls tls, String command,
                                 java.util.function.UnaryOperator<String> env) {
        if (given.isEmpty()) {
            return null;
        }
        if (tls != Tls.NATIVE || !command.isEmpty()) {
            throw new IllegalArgumentException(where + "tlsTrust is for tls=native with an acceptor that runs elsewhere "
                    + "(address, or --server); " + (tls != Tls.NATIVE ? "tls is " + tls.word()
                    : "a started acceptor serves the run's own certificate"));
        }
        Path path = absoluteOrHome(given, env);
        if (path == null) {
            throw new IllegalArgumentException(where + "tlsTrust must be an absolute path or one under ~/ (was '"
                    + given + "')");
        }
        if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
            throw new IllegalArgumentException(where + "tlsTrust names no file that can be read (" + path + ")");
        }
        try {
            if (!Files.readString(path, StandardCharsets.US_ASCII).contains("-----BEGIN CERTIFICATE-----")) {
                throw new IllegalArgumentException(where + "tlsTrust holds no PEM certificate (" + path + ": no "
                        + "-----BEGIN CERTIFICATE----- line)");
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof IllegalArgumentException iae) {
                throw iae;
            }
            throw new IllegalArgumentException(where + "tlsTrust cannot be read (" + path + ": " + e.getMessage()
                    + ")");
        }
        return path;
    }

    /**
     * {@code p} with the references in every key but logonFields and order (whose fields are read one by one) read;
     * each value read added to {@code secrets}.
     */
    private static Properties resolved(Path file, Properties p, java.util.function.UnaryOperator<String> env,
                                       List<String> secrets) {
        Properties out = new Properties();
        for (String key : p.stringPropertyNames()) {
            String v = p.getProperty(key);
            if (key.equals(Setting.JVM_FLAGS.key()) && REFERENCE.matcher(v).find()) {
                throw new IllegalArgumentException("engine file " + file + ": jvmFlags cannot hold ${env:...} or "
                        + "${file:...} (the client JVM's flags are used as written)");
            }
            out.setProperty(key, key.equals("logonFields") || key.equals("order") ? v
                    : resolve(file, key, v, env, secrets));
        }
        return out;
    }

    /** {@code text} with each {@code ${env:NAME}} and {@code ${file:PATH}} replaced by what it names. */
    static String resolve(Path file, String key, String text, java.util.function.UnaryOperator<String> env,
                          List<String> secrets) {
        java.util.regex.Matcher m = REFERENCE.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String value = m.group(1).equals("env") ? fromEnvironment(file, key, m.group(2).trim(), env)
                    : fromFile(file, key, m.group(2).trim(), env);
            if (!secrets.contains(value)) {
                secrets.add(value);
            }
            Secrets.add(value);
            m.appendReplacement(sb, java.util.regex.Matcher.quoteReplacement(value));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static String fromEnvironment(Path file, String key, String name,
                                          java.util.function.UnaryOperator<String> env) {
        String where = "engine file " + file + ": " + key + " refers to ${env:" + name + "}, ";
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException(where + "which is not the name of an environment variable (letters, "
                    + "digits and _)");
        }
        String value = env.apply(name);
        if (value == null) {
            throw new IllegalArgumentException(where + "which is not set (export " + name + "=... before fixbench "
                    + "runs)");
        }
        if (value.isBlank()) {
            throw new IllegalArgumentException(where + "which is empty");
        }
        return value.strip();
    }

    /**
     * {@code name} as a path: under the user's home ({@code ~/...}, HOME read by {@code env}) or absolute, normalized;
     * null for a relative one (it would be read from wherever the file is copied to).
     */
    private static Path absoluteOrHome(String name, java.util.function.UnaryOperator<String> env) {
        Path path;
        if (name.equals("~") || name.startsWith("~/")) {
            String home = env.apply("HOME");
            path = Path.of(home == null || home.isBlank() ? System.getProperty("user.home") : home)
                    .resolve(name.equals("~") ? "" : name.substring(2));
        } else if (Path.of(name).isAbsolute()) {
            path = Path.of(name);
        } else {
            return null;
        }
        return path.normalize();
    }

    private static String fromFile(Path file, String key, String name, java.util.function.UnaryOperator<String> env) {
        String where = "engine file " + file + ": " + key + " refers to ${file:" + name + "}, ";
        Path path = absoluteOrHome(name, env);
        if (path == null) {
            throw new IllegalArgumentException(where + "which is neither an absolute path nor under ~/ (a relative path "
                    + "would be read from wherever the file is copied to)");
        }
        if (!Files.exists(path)) {
            throw new IllegalArgumentException(where + "which does not exist (" + path + ")");
        }
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException(where + "which is not a file (" + path + ")");
        }
        String text;
        try {
            text = Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(where + "which cannot be read (" + path + ": " + e.getMessage() + ")");
        }
        String value = text.lines().findFirst().orElse("").strip();
        if (value.isEmpty()) {
            throw new IllegalArgumentException(where + "whose first line is empty (" + path + ")");
        }
        try {
            java.util.Set<java.nio.file.attribute.PosixFilePermission> perms = Files.getPosixFilePermissions(path);
            if ((perms.contains(java.nio.file.attribute.PosixFilePermission.GROUP_READ)
                    || perms.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_READ)) && WARNED.add(path)) {
                System.err.println("fixbench: warning: " + where.substring(0, where.length() - 2) + " (" + path
                        + "), which others can read (" + java.nio.file.attribute.PosixFilePermissions.toString(perms)
                        + "): chmod 600 " + path);
            }
        } catch (IOException | UnsupportedOperationException e) {
            // no POSIX permissions here: nothing to warn of
        }
        return value;
    }

    private static String value(Properties p, String key) {
        String v = p.getProperty(key);
        return v == null ? "" : v.trim();
    }

    /** Whether {@code command} holds no placeholder but {@link #PLACEHOLDERS} (and with {@code tls}, the TLS ones). */
    private static boolean placeholdersKnown(String command, boolean tls) {
        String rest = command;
        for (String placeholder : PLACEHOLDERS) {
            rest = rest.replace(placeholder, "");
        }
        for (String placeholder : tls ? TLS_PLACEHOLDERS : List.<String>of()) {
            rest = rest.replace(placeholder, "");
        }
        return !rest.matches("(?s).*\\{[A-Za-z]+}.*");
    }

    /** "TAG=VALUE|TAG=VALUE" as fields by tag (in tag order); each tag a number, each value printable, none twice. */
    static Map<Integer, String> fields(String where, String key, String text) {
        return fields(where, key, text, Path.of("."), System::getenv, new ArrayList<>());
    }

    /** As {@link #fields(String, String, String)}, each value's references read (what they give added to secrets). */
    static Map<Integer, String> fields(String where, String key, String text, Path file,
                                       java.util.function.UnaryOperator<String> env, List<String> secrets) {
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
            String given = eq < 0 ? "" : field.substring(eq + 1);
            boolean referred = REFERENCE.matcher(given).find();
            String value = tag <= 0 ? given : resolve(file, key + " tag " + tag, given, env, secrets);
            if (tag <= 0 || value.isEmpty() || !value.chars().allMatch(c -> c >= ' ' && c < 127)) {
                boolean secret = referred || SECRET_TAGS.contains(tag);
                throw new IllegalArgumentException(where + key + " holds " + (secret ? "tag " + tag + " with a value "
                        + (referred ? "read from " + given + " " : "") + "(secret, not shown)" : "'" + field + "'")
                        + ", which is not TAG=VALUE (a positive tag number, a printable value; fields separated by |)");
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

    /** The command with its placeholders filled in (no TLS of its own). */
    public String commandFor(int port, Path dir, Path home) {
        return commandFor(port, dir, home, null);
    }

    /** The command with its placeholders filled in; {@code tls}: the run's certificate, for tls=native, else null. */
    public String commandFor(int port, Path dir, Path home, TlsMaterial tls) {
        String filled = command;
        if (tls != null) {
            filled = filled.replace("{tlsCertificate}", tls.certificateFile().toString())
                    .replace("{tlsKey}", tls.keyFile().toString()).replace("{tlsProtocol}", tlsProtocol);
        }
        return filled.replace("{port}", Integer.toString(port)).replace("{dir}", dir.toString())
                .replace("{home}", home.toString()).replace("{clientCompId}", clientCompId)
                .replace("{serverCompId}", serverCompId).replace("{beginString}", beginString)
                .replace("{heartBtInt}", Integer.toString(heartBtIntSeconds)).replace("{store}", store);
    }

    /** What the file says its acceptor keeps, and where: {@link Durability#UNKNOWN} when it does not say. */
    public Durability durability() {
        return Durability.valueOf(store.toUpperCase(java.util.Locale.ROOT));
    }

    /**
     * This file as session {@code number} (1-based) of {@code sessions} sees it: {@link #SESSION_NUMBER} in
     * clientCompId and in the Logon's fields replaced by the number. @throws IllegalArgumentException (one line) for
     * more sessions than {@code maxSessions}, or many without {@code {n}} in clientCompId
     */
    public EngineFile forSession(int number, int sessions) {
        if (sessions > maxSessions) {
            throw new IllegalArgumentException("engine file " + file + ": --sessions " + sessions + " is more than its "
                    + "maxSessions " + maxSessions + " (set maxSessions=" + sessions + " if the gateway allows them)");
        }
        if (sessions > 1 && !clientCompId.contains(SESSION_NUMBER)) {
            throw new IllegalArgumentException("engine file " + file + ": " + sessions + " sessions need "
                    + SESSION_NUMBER + " in clientCompId, each session's number (e.g. clientCompId="
                    + clientCompId + "-" + SESSION_NUMBER + ")");
        }
        String n = Integer.toString(number);
        byte[] logon = new String(logonFields, StandardCharsets.US_ASCII).replace(SESSION_NUMBER, n)
                .getBytes(StandardCharsets.US_ASCII);
        return new EngineFile(file, name, command, address, versionCommand, requires, install,
                clientCompId.replace(SESSION_NUMBER, n), serverCompId, beginString, heartBtIntSeconds, resetSeqNumFlag,
                logon, orderFields, idle, startTimeoutMillis, logonTimeoutMillis, jvmFlags, sequenceStore, timedReport,
                maxSessions, cancelRejectPercent, secrets, tls, tlsProtocol, tlsTrust, store);
    }

    /** {@code timedReport} as the file names it: first, ack or filled. */
    public String timedReportName() {
        return TIMED.get(timedReport);
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

    /** The engine file's lines for the results: its keys and values as read (every secret shown as ***). */
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

    /** {@code text} with every secret of this file (and of this process) replaced by ***. */
    public String masking(String text) {
        String masked = text;
        for (String secret : secrets) {
            masked = masked.replace(secret, Secrets.MASK);
        }
        return Secrets.mask(masked);
    }

    /** Fields as TAG=VALUE|..., every secret masked. */
    String masked(String soh) {
        List<String> out = new ArrayList<>();
        for (String f : soh.split("\u0001")) {
            if (!f.isEmpty()) {
                int eq = f.indexOf('=');
                out.add(SECRET_TAGS.contains(Integer.parseInt(f.substring(0, eq))) ? f.substring(0, eq + 1)
                        + Secrets.MASK : masking(f));
            }
        }
        return String.join("|", out);
    }
}
