package org.fixbench.engine;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import org.fixbench.harness.api.Harness;
import org.fixbench.harness.api.LatencyTask;
import org.fixbench.harness.api.NanoClock;
import org.fixbench.harness.api.Probe;

/**
 * The FIX round trip as a harness task: {@link #run} sends a NewOrderSingle whose ClOrdID is the intended start;
 * the ExecutionReport's ClOrdID, echoed, gives the end-to-end latency {@code now − ClOrdID}. Three probes time the
 * legs: client→server (server receipt − actual send), server processing (parsed → report built, about to be handed
 * to the transport) and server→client (client receipt − that moment; so it includes the server's send call). Legs are matched by order (k-th send, k-th receipt), as on
 * one FIX session; an ExecutionReport whose ClOrdID is not the k-th order's ends the benchmark.
 *
 * <p>With {@linkplain #sessions(int) N sessions} the client carries N FIX sessions (each its own SenderCompID and
 * connection) against the one server; order k goes to session k mod N, so each session keeps an
 * exact schedule at 1/N of the rate, offset by its index, and sends never bunch. Each session's k-th report must
 * echo that session's k-th order. The legs are not measured (the server's hooks cannot tell sessions apart); each
 * session's latency is a probe of its own, {@link #sessionProbeName}.
 *
 * <p>An engine whose reports may come in any order ({@link FixEngine#reportsInOrder()} false: a gateway that matches
 * in parallel) has each report matched to its order by its ClOrdID alone; the harness counts one it cannot match, or
 * gets twice.
 */
public final class RoundTripTask implements LatencyTask, ReportListener, ServerHooks {
    public static final String CLIENT_TO_SERVER = "client->server";
    public static final String SERVER_PROCESSING = "server processing";
    public static final String SERVER_TO_CLIENT = "server->client";
    /** What the names of an engine's {@link FixEngine#stages()} begin with: {@code order->ack}. */
    public static final String STAGE_PREFIX = "order->";
    /**
     * What the names of the series per message type begin with ({@link #requestProbeName}): with any workload but
     * {@code fixed}, each request is also timed in the series of its MsgType, from its own intended send time to its
     * own answer.
     */
    public static final String REQUEST_PREFIX = "request ";
    /** The message types a workload sends, in the order of {@link #requestProbeName}'s series. */
    private static final char[] REQUEST_TYPES = {'D', 'F', 'G'};

    private static final int RING = 1 << 20;
    /** The least ring a session has, however many sessions: 2,048 orders unanswered (8,192 up to 128 sessions). */
    private static final int LEAST_SESSION_RING = 1 << 11;
    /** The prefix of each session's latency probe, {@link #sessionProbeName}. */
    public static final String SESSION_PROBE_PREFIX = "session ";

    private final FixEngine engine;
    private final String profile;
    private final Path profileFile;
    private final String label;
    private final Path workDirectory;
    private final InetAddress bindAddress;
    private final Duration connectTimeout;
    private final InetSocketAddress remoteServer;
    private final Path probeRingFile;
    private ProbeRing ring;

    private Harness harness;
    private NanoClock clock;
    private Probe clientToServer;
    private Probe serverProcessing;
    private Probe serverToClient;
    private EngineSetup setup;
    private EngineServer server;
    private EngineClient client;
    private int sessions = 1;
    private int firstIdentity;
    private int identities;
    private boolean toleratingGaps;
    /** Reports may come in any order ({@link FixEngine#reportsInOrder()} false): matched by ClOrdID alone. */
    private final boolean anyOrder;
    private OrderFlow flow = OrderFlow.fixed();
    private SessionState[] states;
    private int mask = RING - 1;

    private AtomicLongArray intendedByOrder;
    private AtomicLongArray sentNanosByOrder;
    private final AtomicLongArray reportSendingNanosByOrder = new AtomicLongArray(RING);
    private long sent;
    private long serverReceived;
    private long serverReceivedNanos;
    private final AtomicLong clientReceived = new AtomicLong();
    private volatile boolean closing;

    /** Whether a session that ends is logged on again rather than ending the benchmark ({@link #reconnecting}). */
    private boolean reconnecting;
    /** Whether the client logs on again itself, keeping its session ({@link #keepingSession}). */
    private boolean keepingSession;
    /** Whether the server can be tried again (null: try at once); a fresh client is made only once it says so. */
    private java.util.function.BooleanSupplier serverReady;
    /** A reconnecting client's log-ons again, made at {@link #init}; null for any other. */
    private Reconnection reconnection;

    /**
     * One time the session ended and was logged on again, or was not: when it ended ({@link NanoClock} of the
     * harness), when a fresh client of the same engine and profile had logged on again (0: it did not), the attempts
     * it took, why the session ended, and why the last refused attempt was refused (null: none was).
     */
    public record Reconnect(long endedNanos, long loggedOnNanos, int attempts, String reason, String lastRefusal) {
    }

    public RoundTripTask(EngineSpec spec, Path workDirectory, InetAddress bindAddress, Duration connectTimeout) {
        this(spec.engine(), spec.profile(), spec.profileFile(), spec.label(), workDirectory, bindAddress,
                connectTimeout);
    }

    /** For an engine whose profile file is not in {@code fix-configs/} under its own name (e.g. interop pairs). */
    public RoundTripTask(FixEngine engine, String profile, Path profileFile, String label, Path workDirectory,
                         InetAddress bindAddress, Duration connectTimeout) {
        this(engine, profile, profileFile, label, workDirectory, bindAddress, connectTimeout, null, null);
    }

    private RoundTripTask(FixEngine engine, String profile, Path profileFile, String label, Path workDirectory,
                          InetAddress bindAddress, Duration connectTimeout, InetSocketAddress remoteServer,
                          Path probeRingFile) {
        this.engine = engine;
        this.anyOrder = !engine.reportsInOrder();
        this.profile = profile;
        this.profileFile = profileFile;
        this.label = label;
        this.workDirectory = workDirectory;
        this.bindAddress = bindAddress;
        this.connectTimeout = connectTimeout;
        this.remoteServer = remoteServer;
        this.probeRingFile = probeRingFile;
    }

    /**
     * The client alone, against a server in another process at {@code server}. With {@code probeRingFile} (a forked
     * server on this host, sharing its monotonic clock through a {@link ProbeRing}) the legs are measured as in one
     * process; without, they are not (no common clock) and no probe series is recorded.
     */
    public static RoundTripTask againstServer(EngineSpec client, InetSocketAddress server, Path probeRingFile,
                                              Path workDirectory, Duration connectTimeout) {
        return new RoundTripTask(client.engine(), client.profile(), client.profileFile(), client.label(),
                workDirectory, server.getAddress(), connectTimeout, server, probeRingFile);
    }

    /**
     * Opens {@code count} FIX sessions instead of one (before the benchmark starts); the server must accept that
     * many ({@link FixEngine#maxSessions()}).
     */
    public RoundTripTask sessions(int count) {
        String refusal = engine.sessionsRefusal(count);
        if (refusal != null) {
            throw new IllegalArgumentException(refusal);
        }
        if (reconnecting && count != 1) {
            throw new IllegalArgumentException("a reconnecting client carries one session (asked for " + count + ")");
        }
        this.sessions = count;
        return this;
    }

    public int sessions() {
        return sessions;
    }

    /**
     * Its sessions take the identities {@code first} ... of {@code total} (see {@link EngineSetup#withIdentities}):
     * this client is one of several, on other hosts, against one server accepting {@code total} sessions. A total of
     * 0 (the default) numbers them among its own.
     */
    public RoundTripTask identities(int first, int total) {
        this.firstIdentity = first;
        this.identities = total;
        return this;
    }

    /**
     * Whether a report out of order, or an order never answered, is a measurement rather than a failure: for a
     * scenario that loses messages on purpose (resend-storm). Each report is then matched to its order by its
     * ClOrdID alone (the harness counts those it cannot match, or gets twice), and no probe moments are sampled
     * (they pair a session's k-th report with its k-th order). By default a report must echo its session's next
     * order, or the run fails.
     */
    public RoundTripTask toleratingGaps(boolean tolerate) {
        this.toleratingGaps = tolerate;
        return this;
    }

    /**
     * Whether a session that ends during the benchmark is logged on again, as an application would, by a fresh client
     * of the same engine, profile and work directory, rather than ending the benchmark: for a scenario that kills the
     * server (server-restart). Implies {@link #toleratingGaps}. Orders due while the session is gone are not sent,
     * and counted ({@link #ordersNotSent()}); so are orders that were sent and never answered (the harness's lost).
     * One session only.
     */
    public RoundTripTask reconnecting(boolean reconnect) {
        if (reconnect && sessions != 1) {
            throw new IllegalArgumentException("a reconnecting client carries one session (asked for " + sessions
                    + ")");
        }
        this.reconnecting = reconnect;
        this.toleratingGaps |= reconnect;
        return this;
    }

    /**
     * Whether a reconnecting client keeps its session when it logs on again: the same client logs on over a fresh
     * connection with the numbers and store it had ({@link EngineClient#logOnAgain}), and takes orders due while it
     * is down into its session where it can ({@link EngineClient#sendWhileDown}); a client that can do neither is
     * replaced by a fresh one as without this. For a scenario that cuts the connection (resend-storm by a cut).
     */
    public RoundTripTask keepingSession(boolean keep) {
        this.keepingSession = keep;
        return this;
    }

    /** Orders due while the session was down that the client took into its session, to be resent or gap-filled. */
    public long ordersTakenWhileDown() {
        return reconnection == null ? 0 : reconnection.ordersTakenWhileDown();
    }

    /**
     * What tells a reconnecting client that the server may take a log-on again (a listening socket, read from the
     * system): until it does, no fresh client is made. Without it, every try makes one, and an engine whose client is
     * costly to make (sbe's allocates its store) slows the server's own start on a small machine.
     */
    public RoundTripTask serverReady(java.util.function.BooleanSupplier ready) {
        return serverReady(ready, connectTimeout);
    }

    /**
     * As {@link #serverReady(java.util.function.BooleanSupplier)}, waiting for it at most {@code within} from the
     * session's end (a cut of known length: its length and more); the log-on then has the connect timeout from when
     * the server was ready.
     */
    public RoundTripTask serverReady(java.util.function.BooleanSupplier ready, Duration within) {
        this.serverReady = ready;
        this.serverReadyWithinNanos = within.toNanos();
        return this;
    }

    private long serverReadyWithinNanos;

    /** Orders due while the session was gone: not sent (or refused by a client whose session had ended). */
    public long ordersNotSent() {
        return reconnection == null ? 0 : reconnection.ordersNotSent();
    }

    /** Every time the session ended and was (or was not) logged on again, in order. */
    public List<Reconnect> reconnects() {
        return reconnection == null ? List.of() : reconnection.reconnects();
    }

    /** What the client sends ({@code --workload}); refused in one line when the engine cannot send it. */
    public RoundTripTask flow(OrderFlow orders) {
        String refusal = engine.workloadRefusal(orders);
        if (refusal != null) {
            throw new IllegalArgumentException(refusal);
        }
        this.flow = orders;
        return this;
    }

    public OrderFlow flow() {
        return flow;
    }

    /**
     * The name of the series of requests of MsgType {@code msgType}: {@code request D NewOrderSingle},
     * {@code request F OrderCancelRequest}, {@code request G OrderCancelReplaceRequest}.
     */
    public static String requestProbeName(char msgType) {
        return REQUEST_PREFIX + msgType + " " + switch (msgType) {
            case 'D' -> "NewOrderSingle";
            case 'F' -> "OrderCancelRequest";
            case 'G' -> "OrderCancelReplaceRequest";
            default -> throw new IllegalArgumentException("no request of MsgType " + msgType);
        };
    }

    /** The name of session {@code index}'s (0-based) latency probe, e.g. {@code session 007}. */
    public static String sessionProbeName(int index) {
        return SESSION_PROBE_PREFIX + String.format(java.util.Locale.ROOT, "%03d", index + 1);
    }

    /**
     * Whether the one-way legs and the server's processing are measured (one session, with a server in this
     * process or a ring, of an engine whose server calls the hooks: {@link FixEngine#serverTimesLegs()}), and the
     * server serves no session but this client's ({@link #identities}): the hooks pair the k-th order the server
     * handles with this client's k-th, so another client's orders (a slow consumer's, another host's) would pair
     * the wrong moments.
     */
    public boolean measuresLegs() {
        return sessions == 1 && (identities == 0 || identities == sessions)
                && (remoteServer == null || probeRingFile != null) && engine.serverTimesLegs();
    }

    @Override
    public void init(Harness harness) throws Exception {
        this.harness = harness;
        this.clock = harness.clock();
        if (measuresLegs()) {
            clientToServer = harness.addProbe(CLIENT_TO_SERVER);
            serverProcessing = harness.addProbe(SERVER_PROCESSING);
            serverToClient = harness.addProbe(SERVER_TO_CLIENT);
        }
        List<String> stageNames = engine.stages();
        stages = new Probe[stageNames.size()];
        for (int i = 0; i < stages.length; i++) {
            stages[i] = harness.addProbe(stageNames.get(i));
        }
        if (!flow.isFixed() && (!toleratingGaps || anyOrder)) {
            requests = new Probe[REQUEST_TYPES.length];
            for (Order.Kind kind : Order.Kind.values()) {
                int t = requestIndex(kind.msgType());
                if (flow.count(kind) > 0 && requests[t] == null) {
                    requests[t] = harness.addProbe(requestProbeName(kind.msgType()));
                }
            }
        }
        setup = new EngineSetup(profile, profileFile, workDirectory, bindAddress, this, harness::pinCurrentThread)
                .withSessions(sessions).withFlow(flow);
        if (identities > 0) {
            setup = setup.withIdentities(firstIdentity, identities);
        }
        if (!flow.isFixed()) {
            setup.note("workload " + flow.describe());
        }
        InetSocketAddress address;
        if (remoteServer == null) {
            server = engine.server(setup);
            address = server.start();
        } else {
            address = remoteServer;
            ring = probeRingFile == null || !measuresLegs() ? null : ProbeRing.open(probeRingFile);
        }
        int ringSize = sessions == 1 ? RING : Math.max(LEAST_SESSION_RING, RING / Integer.highestOneBit(sessions));
        mask = ringSize - 1;
        intendedByOrder = new AtomicLongArray(ringSize * sessions);
        sentNanosByOrder = new AtomicLongArray(sessions == 1 ? RING : 0);
        states = new SessionState[sessions];
        for (int i = 0; i < sessions; i++) {
            states[i] = new SessionState(ringSize * i, sessions == 1 ? null : harness.addProbe(sessionProbeName(i)));
        }
        if (sessions > 1) {
            setup.note(sessions + " FIX sessions: order k sent on session k mod " + sessions
                    + " from the one timed thread" + (engine.sessionThreading().isEmpty() ? ""
                    : "; " + engine.sessionThreading()));
        }
        client = engine.client(setup);
        if (reconnecting) {
            reconnection = new Reconnection(new Reconnection.Session() {
                @Override
                public EngineClient client() {
                    return client;
                }

                @Override
                public void replace(EngineClient fresh) {
                    client = fresh;
                }

                @Override
                public EngineClient freshClient() throws Exception {
                    return engine.client(setup);
                }

                @Override
                public void fail(String reason) {
                    harness.fail(reason);
                }
            }, this, clock, label, connectTimeout, address, keepingSession, serverReady, serverReadyWithinNanos);
        }
        // every session logged on before the warm-up
        client.connect(address, reconnection != null ? reconnection.firstListener() : this, connectTimeout);
    }

    /** One session's counts (a session's reports come on one thread at a time): its k-th must echo its k-th order. */
    private static final class SessionState {
        final int base;
        final Probe latency;
        long received;
        long sent;

        SessionState(int base, Probe latency) {
            this.base = base;
            this.latency = latency;
        }
    }

    @Override
    public void onExecutionReport(int session, long clOrdId) {
        if (sessions == 1) {
            onExecutionReport(clOrdId);
            return;
        }
        long now = clock.nanoTime();
        if (toleratingGaps || anyOrder) {
            clientReceived.getAndIncrement();
            if (!toleratingGaps) { // the client hands on each order's one timed report, in any order: its session's
                states[session].received++;
                states[session].latency.sampleNanos(now - clOrdId);
            }
            sampleAnsweredType(clOrdId, now);
            harness.sample(clOrdId, now);
            return;
        }
        SessionState state = states[session];
        long k = state.received++;
        long expected = intendedByOrder.getAcquire(state.base + (int) (k & mask));
        if (clOrdId != expected) {
            harness.fail(label + " session " + (session + 1) + ": ExecutionReport #" + (k + 1)
                    + " echoed ClOrdID " + clOrdId + " but its order #" + (k + 1) + " had ClOrdID " + expected);
            return;
        }
        clientReceived.getAndIncrement();
        state.latency.sampleNanos(now - clOrdId);
        if (requests != null) { // each session sends the flow from its start: its k-th answer is its k-th request's
            requests[requestIndex(flow.order(k).kind().msgType())].sampleIteration(clOrdId, now);
        }
        harness.sample(clOrdId, now);
    }

    @Override
    public void onDisconnect(int session, String reason) {
        if (sessions == 1) {
            onDisconnect(reason);
        } else if (!closing) {
            harness.fail(label + " session " + (session + 1) + " (" + Workload.clientCompId(Workload.CLIENT_COMP_ID,
                    session, sessions) + "): session ended during the benchmark: " + reason);
        }
    }

    @Override
    public void onWrongAnswer(int session, String reason) {
        if (!closing) {
            harness.fail(label + (sessions == 1 ? "" : " session " + (session + 1)) + ": wrong answer: " + reason);
        }
    }

    /** Limitations the engine noted (unpinnable threads, missing probes), for the results. */
    public List<String> engineNotes() {
        return setup == null ? List.of() : setup.notes();
    }

    @Override
    public void run(long intendedStartNanos) {
        if (sessions == 1) {
            int slot = (int) (sent & mask);
            intendedByOrder.setRelease(slot, intendedStartNanos);
            sentNanosByOrder.setRelease(slot, clock.nanoTime());
            sent++;
            if (reconnection != null) {
                reconnection.send(intendedStartNanos);
                return;
            }
            client.send(intendedStartNanos);
            return;
        }
        int index = (int) (sent % sessions);
        SessionState state = states[index];
        intendedByOrder.setRelease(state.base + (int) (state.sent++ & mask), intendedStartNanos);
        sent++;
        client.send(index, intendedStartNanos);
    }

    @Override
    public boolean pollsOnTimedThread() {
        return client != null && client.receivesOnCallerThread();
    }

    @Override
    public boolean poll() {
        return reconnection == null ? client.poll() : reconnection.poll();
    }

    // ---- server side, on the server's handling thread

    @Override
    public void orderReceived() {
        long now = clock.nanoTime();
        serverReceivedNanos = now;
        if (clientToServer != null && sentNanosByOrder.length() > 0) {
            clientToServer.sampleNanos(now - sentNanosByOrder.getAcquire((int) (serverReceived & mask)));
        }
    }

    @Override
    public void reportSending() {
        long now = clock.nanoTime();
        if (serverProcessing != null) {
            serverProcessing.sampleNanos(now - serverReceivedNanos);
        }
        reportSendingNanosByOrder.setRelease((int) (serverReceived & mask), now);
        serverReceived++;
    }

    // ---- client side, on the client's receiving thread

    /** The engine's {@link FixEngine#stages()}, a probe each; empty for engines that report none. */
    private Probe[] stages = new Probe[0];

    /** The series per message type of a workload but {@code fixed} ({@link #REQUEST_PREFIX}), else null. */
    private Probe[] requests;

    private static int requestIndex(char msgType) {
        return msgType == 'D' ? 0 : msgType == 'F' ? 1 : 2;
    }

    /**
     * The series of the answer said by {@link #onRequestAnswered} and not yet delivered, else -1; and its ClOrdID.
     * Sampled by the {@link #onExecutionReport} of the same answer, which follows it on the same thread, at the same
     * moment as the end-to-end series: the slowest answer is then one type's to the nanosecond (until 2026-12-03 each
     * read the clock of its own, and a type's maximum could differ from the run's by a microsecond).
     */
    private int answeredType = -1;
    private long answeredClOrdId;

    @Override
    public void onRequestAnswered(char msgType, long clOrdId) {
        if (requests != null && anyOrder && (msgType == 'D' || msgType == 'F' || msgType == 'G')
                && requests[requestIndex(msgType)] != null) {
            answeredType = requestIndex(msgType);
            answeredClOrdId = clOrdId;
        }
    }

    /** The type series of the answer {@link #onRequestAnswered} said, at {@code nowNanos}, if it is this one. */
    private void sampleAnsweredType(long clOrdId, long nowNanos) {
        if (answeredType >= 0) {
            if (answeredClOrdId == clOrdId) {
                requests[answeredType].sampleIteration(clOrdId, nowNanos); // the run's requests only
            }
            answeredType = -1;
        }
    }

    @Override
    public void onStage(int stage, long clOrdId) {
        if (stage >= 0 && stage < stages.length) {
            stages[stage].sampleIteration(clOrdId, clock.nanoTime()); // the run's orders only
        }
    }

    @Override
    public void onExecutionReport(long clOrdId) {
        long now = clock.nanoTime();
        long k = clientReceived.getAndIncrement();
        if (toleratingGaps || anyOrder) {
            sampleAnsweredType(clOrdId, now);
            harness.sample(clOrdId, now);
            return;
        }
        int slot = (int) (k & mask);
        long expected = intendedByOrder.getAcquire(slot);
        if (clOrdId != expected) {
            harness.fail("ExecutionReport #" + (k + 1) + " echoed ClOrdID " + clOrdId + " but order #" + (k + 1)
                    + " had ClOrdID " + expected);
            return;
        }
        if (ring != null) {
            // the server is another process on this host: its two moments come from the ring, on the same clock
            long received = ring.receivedNanos(k);
            long sending = ring.sendingNanos(k);
            clientToServer.sampleNanos(received - sentNanosByOrder.getAcquire(slot));
            serverProcessing.sampleNanos(sending - received);
            serverToClient.sampleNanos(now - sending);
        } else if (serverToClient != null) {
            serverToClient.sampleNanos(now - reportSendingNanosByOrder.getAcquire(slot));
        }
        if (requests != null) { // the k-th answer is the k-th request's
            requests[requestIndex(flow.order(k).kind().msgType())].sampleIteration(clOrdId, now);
        }
        harness.sample(clOrdId, now);
    }

    @Override
    public void onDisconnect(String reason) {
        if (!closing) {
            harness.fail(label + ": session ended during the benchmark: " + reason);
        }
    }

    @Override
    public void complete() throws Exception {
        closing = true;
        if (reconnection != null) {
            reconnection.close(); // a log-on again under way ends first
        }
        Exception first = null;
        for (AutoCloseable c : new AutoCloseable[] {client, server, ring}) {
            if (c == null) {
                continue;
            }
            try {
                c.close();
            } catch (Exception e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    public long ordersSent() {
        return sent;
    }

    public long reportsReceived() {
        return clientReceived.get();
    }
}
