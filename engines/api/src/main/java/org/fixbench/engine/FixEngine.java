package org.fixbench.engine;

import java.nio.file.Path;
import java.util.Map;

/**
 * A FIX engine under test, found by {@link #name()} through {@link java.util.ServiceLoader}: adding an engine
 * touches only its own module (with a {@code META-INF/services/org.fixbench.engine.FixEngine} entry) and its
 * profile files in {@code fix-configs/<name>/}.
 *
 * <p>Each engine plays two roles in one benchmark, over TCP on loopback (unless told otherwise), each by default in a
 * JVM of its own (the server through {@code serve}, the client beside the harness; {@code --fork none}: one JVM):
 * a {@linkplain EngineServer server} that accepts one session and answers each NewOrderSingle with an
 * ExecutionReport, and a {@linkplain EngineClient client} that logs on, sends NewOrderSingles and hands each
 * ExecutionReport to a callback. Both do exactly the work {@link Workload} describes.
 *
 * @implSpec An engine must never
 * <ul>
 *   <li>drop a message silently: a message it cannot send or parse ends the benchmark through
 *       {@link ReportListener#onDisconnect} or an exception from {@link EngineClient#send};</li>
 *   <li>block the sending thread beyond handing the message to its transport;</li>
 *   <li>allocate per message where the engine's design lets it avoid allocating;</li>
 *   <li>read its settings from anywhere but its profile file and the {@link EngineSetup}: configuration lives in
 *       {@code fix-configs/}, not in code;</li>
 *   <li>write files outside {@link EngineSetup#workDirectory()}.</li>
 * </ul>
 */
public interface FixEngine {

    /** The name users type, e.g. {@code tcp} or {@code quickfixj}. */
    String name();

    /** The profile run when the engine is named alone. */
    String defaultProfile();

    /** The profiles the default comparison runs, in order; the default profile alone unless overridden. */
    default java.util.List<String> comparisonProfiles() {
        return java.util.List.of(defaultProfile());
    }

    /**
     * Whether each session's reports come in the order of its orders (the k-th report answers the k-th order), as
     * every engine fixbench built answers; false for a gateway that may answer order N+1 before order N: its reports
     * are then matched to their orders by ClOrdID alone.
     */
    default boolean reportsInOrder() {
        return true;
    }

    /**
     * The stages of an order's life its client reports ({@link ReportListener#onStage}), each a latency series of its
     * own from the order's intended send time, named as given (e.g. {@code order->ack}); none by default.
     */
    default java.util.List<String> stages() {
        return java.util.List.of();
    }

    /**
     * Whether its server calls the {@link ServerHooks} (order received, report sending), so that the one-way legs and
     * the server's processing can be measured; false for an acceptor fixbench did not build (a black box): its legs
     * are reported as not measured, never read from hooks nobody called.
     */
    default boolean serverTimesLegs() {
        return true;
    }

    /**
     * Whether its sessions speak FIX, as every engine does but the raw-TCP floor (the default: true). An engine that
     * speaks none serves only {@link EngineSetup#REPORT}, pairs only with another that speaks none, and a scenario's
     * own client of it (the slow-consumer scenario's slow session) sends its frames rather than FIX.
     */
    default boolean speaksFix() {
        return true;
    }

    /** The server applications this engine offers ({@link EngineSetup#REPORT} always). */
    default java.util.Set<String> serverApplications() {
        return java.util.Set.of(EngineSetup.REPORT);
    }

    /**
     * The keys its profiles understand, with their values and meaning: what a user may set on the command line
     * ({@code engine:profile+key=value}); every key of every profile file of the engine is among them (a test
     * checks). {@link Setting#JVM_FLAGS} is every engine's and need not be listed.
     */
    java.util.List<Setting> settings();

    /**
     * The values of the profile file {@code profileFile} that are secrets (a Logon's Password, a value it reads from
     * an environment variable or a file): {@link EngineSpec#parse} adds them to
     * {@link org.fixbench.harness.results.Secrets}, so that no result, log or console line of this process holds one.
     * None by default. @throws IllegalArgumentException (one line) when a value it refers to cannot be read
     */
    default java.util.List<String> secrets(java.nio.file.Path profileFile) {
        return java.util.List.of();
    }

    /**
     * Where the sessions of the profile file {@code profileFile} keep their sequence numbers and sent messages
     * ({@link Durability}): in memory by default.
     */
    default Durability durability(java.nio.file.Path profileFile) {
        return Durability.MEMORY;
    }

    /**
     * Whether {@link #durability} is only what the profile says of a store the suite neither sets nor sees (a black
     * box's engine file), rather than read from the settings the suite itself gives the engine: reports say so.
     */
    default boolean durabilityDeclared(java.nio.file.Path profileFile) {
        return false;
    }

    /**
     * How the sessions of the profile file {@code profileFile} speak TLS: by default as its {@link Tls#SETTING} says
     * (plain TCP, or through a {@link Stunnel} terminator at each end); an engine with TLS of its own says
     * {@link Tls#NATIVE} where its profile turns it on.
     */
    default Tls tls(java.nio.file.Path profileFile) {
        return Tls.configured(profileFile);
    }

    /**
     * Whether its profiles may run its sessions through a terminator ({@link Tls#SETTING}, {@link Tls#PROTOCOL}):
     * true by default; false for an engine with TLS of its own, whose profiles set TLS in the engine's own terms.
     */
    default boolean tlsThroughTerminator() {
        return true;
    }

    /**
     * Where its profile sets {@link Tls#NATIVE}: whether its client still reaches the server through a terminator
     * ({@link Stunnel}, client side), as an external acceptor's does (the acceptor speaks TLS, the suite's client does
     * not). False by default: an engine with TLS of its own speaks it at both ends.
     */
    default boolean nativeTlsClientThroughTerminator() {
        return false;
    }

    /**
     * The PEM file of the authorities the client's terminator trusts for {@code profileFile}'s server, in place of the
     * run's own ({@link TlsMaterial}), or null: a gateway that runs elsewhere with a certificate of its own.
     */
    default Path tlsTrust(Path profileFile) {
        return null;
    }

    /**
     * Where the server of {@code spec} (this engine, a profile) already runs when a comparison starts none for it (a
     * gateway at the address its profile gives), or null when a server is started for each benchmark (the default:
     * the profile is not read) or the comparison was given one ({@code serverGiven}: {@code --server}). A pre-flight
     * check too: @throws IllegalArgumentException (one line) when the profile can neither start a server nor name
     * where one runs, or when what starting it needs is not installed (naming the install command), before anything
     * runs
     */
    default String runningServerAddress(EngineSpec spec, boolean serverGiven) {
        return null;
    }

    /**
     * Whether its server accepts the suite's own CompIDs ({@link Workload#clientCompId}), as every server the suite
     * builds does (the default); false for a gateway that knows only its own, which a client that logs on by itself
     * (the slow-consumer scenario's slow session) cannot reach.
     */
    default boolean serverAcceptsSuiteCompIds() {
        return true;
    }

    /**
     * Whether {@code fixbench check} (one order, every message printed field by field) is for this engine: for an
     * acceptor the suite did not build; the suite's own engines are checked by its tests (the default: false).
     */
    default boolean checks() {
        return false;
    }

    /**
     * {@code fixbench check} of the acceptor {@code profileFile} describes, at {@code server} (null: where the
     * profile says, else started by it): logs on, sends one order, prints every message both ways to {@code out}
     * (secrets masked), logs out. @return 0 when the order got its ExecutionReport and a benchmark can run, else 1
     */
    default int check(java.nio.file.Path profileFile, java.net.InetSocketAddress server, java.time.Duration wait,
                      java.io.PrintStream out) throws Exception {
        throw new UnsupportedOperationException(name() + " has no check (see checks())");
    }

    /**
     * Forgets the sequence numbers the profile's sessions kept between connections, so that the next Logon starts at
     * 1 (a venue's new day): what was forgotten, one line each; nothing for an engine that keeps none (the default).
     */
    default java.util.List<String> startSequenceNumbersAgain(java.nio.file.Path profileFile) throws java.io.IOException {
        return java.util.List.of();
    }

    /** Versions of the engine and the libraries it runs on, recorded with every result. */
    Map<String, String> versions();

    /**
     * The most FIX sessions one of its servers accepts at once ({@link EngineSetup#sessions()}): by default
     * {@link Workload#MAX_SESSIONS}, as every built-in engine serves; an engine that serves fewer says how many. A
     * benchmark asking for more is refused before anything runs.
     */
    default int maxSessions() {
        return Workload.MAX_SESSIONS;
    }

    /**
     * Why a benchmark of {@code count} sessions cannot run on this engine (one line), or null when it can: the one
     * wording of the refusal, for every place that checks.
     */
    default String sessionsRefusal(int count) {
        if (count < 1 || count > Workload.MAX_SESSIONS) {
            return "--sessions must be 1-" + Workload.MAX_SESSIONS + " (was " + count + ")";
        }
        return count <= maxSessions() ? null : name() + " serves at most " + maxSessions()
                + (maxSessions() == 1 ? " session" : " sessions") + " (asked for " + count + ")";
    }

    /**
     * Whether its client sends, and its server answers, every {@link OrderFlow} ({@code mixed} and replayed logs
     * besides {@code fixed}): new, cancel and replace orders, each answered by the ExecutionReport of its kind. True
     * by default, as every built-in engine does; an engine that sends the fixed workload only says so.
     */
    default boolean sendsEveryWorkload() {
        return true;
    }

    /** Why a benchmark of {@code flow} cannot run on this engine (one line), or null when it can. */
    default String workloadRefusal(OrderFlow flow) {
        return flow.isFixed() || sendsEveryWorkload() ? null
                : name() + " sends the fixed workload only (asked for " + flow.name() + ")";
    }

    /**
     * How its server and client carry many sessions (threads, what each polls), for the results; empty when it
     * serves one.
     */
    default String sessionThreading() {
        return "";
    }

    /** A server for one benchmark, not started yet. */
    EngineServer server(EngineSetup setup) throws Exception;

    /**
     * The engine's client and server sessions joined in memory (see {@link InMemoryRoundTrip}), logged on; null where
     * the engine cannot run over an in-memory channel (say why in its README).
     */
    default InMemoryRoundTrip inMemory(EngineSetup setup) throws Exception {
        return null;
    }

    /** A client for one benchmark, not connected yet. */
    EngineClient client(EngineSetup setup) throws Exception;
}
