package org.fixbench.cli.scenario.serverrestart;

import static org.fixbench.cli.scenario.serverrestart.ServerRestartTable.*;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.run.ClientScenario;
import org.fixbench.cli.run.ForkedRun;
import org.fixbench.cli.run.KilledServer;
import org.fixbench.cli.scenario.ScenarioWindows;
import org.fixbench.cli.scenario.SocketQueues;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.fix.relay.Frames;
import org.fixbench.fix.relay.Relay;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.timed.RunTrace;

/**
 * The {@code server-restart} scenario inside a forked client: {@link Plan#delayMillis()} into the measured run it
 * kills the server's process (SIGKILL), after leaving a mark in the run's work folder by which the orchestrating
 * {@link ForkedRun} knows to start the same server again at once, on the same port. The client's session ends; the
 * {@link RoundTripTask#reconnecting reconnecting} task logs a fresh client of the same engine and profile on again,
 * as an application would, while orders keep coming on their schedule: those due while the session is gone are not
 * sent, and counted, and those sent and never answered are the harness's lost. The session's connection goes through
 * the {@link Relay}, which reads each side's MsgSeqNum (34) before the kill and on the first message after it.
 */
public final class ServerRestart implements ProgressListener, AutoCloseable {
    /** The file the client writes before it kills the server: the orchestrator restarts a server only after it. */
    public static final String KILL_MARK = KilledServer.KILL_MARK;
    /** The file the orchestrator writes the restarted server's pid into, in the same folder. */
    public static final String RESTARTED_PID = KilledServer.RESTARTED_PID;

    /** What the scenario does in each measured run. */
    public record Plan(long delayMillis) implements ClientScenario.Plan {
        @Override
        public boolean restartsServer() {
            return true;
        }

        /**
         * The session's connection goes through a relay that reads its sequence numbers; the client kills the server
         * and a fresh client of the engine logs on again once the server listens again.
         */
        @Override
        public ClientScenario open(ClientScenario.Setup setup) throws java.io.IOException {
            Relay relay = Relay.framingOneSession(setup.serverAddress, setup.request.sessions());
            setup.serverAddress = relay.address();
            ForkedRun.Request r = setup.request;
            Plan plan = this;
            return new ClientScenario() {
                private ServerRestart restart;

                @Override
                public void task(RoundTripTask task) {
                    task.reconnecting(true).keepingSession(false);
                    if (SocketQueues.READABLE) {
                        // a fresh client is made once the server listens again (the relay would accept it before)
                        int port = setup.serverPort;
                        task.serverReady(() -> SocketQueues.listening(port));
                    }
                    restart = new ServerRestart(relay, task, plan, r.serverPid(),
                            Path.of(r.workDirectory()).resolve(KILL_MARK));
                }

                @Override
                public org.fixbench.harness.ProgressListener listener() {
                    return restart;
                }

                @Override
                public void watch(org.fixbench.harness.LatencyBenchmark benchmark) {
                    restart.watch(benchmark);
                }

                @Override
                public void watchProcesses(org.fixbench.harness.LatencyBenchmark benchmark) {
                    // the orchestrator reaps the killed server, whose whole CPU time then shows as the
                    // orchestrator's (cutime): that is the server's, not another process's; the server started
                    // again is watched once known
                    ProcessHandle.current().parent().ifPresent(p -> benchmark.watchProcess(p.pid()));
                }

                @Override
                public java.util.List<java.util.Map<String, Object>> observed() {
                    return restart.observed();
                }

                @Override
                public void close() throws Exception {
                    if (restart != null) {
                        restart.close();
                    }
                    relay.close();
                }
            };
        }

        public Plan {
            if (delayMillis < 1_000) {
                throw new IllegalArgumentException("server-restart: delay " + delayMillis + " ms");
            }
        }
    }

    private final Relay relay;
    private final RoundTripTask task;
    private final Plan plan;
    private final long serverPid;
    private final Path killMark;
    private final List<Map<String, Object>> observed = new ArrayList<>();
    private final Thread timer;
    private volatile boolean stopping;
    private volatile long runStartedNanos;
    private volatile int run = -1;
    private volatile long killNanos;
    private volatile Frames.Counts upBefore;
    private volatile Frames.Counts downBefore;
    private volatile Relay.Link linkBefore;
    private volatile String killFailure;
    private long notSentBefore;
    private int reconnectsBefore;
    private LatencyBenchmark benchmark;

    public ServerRestart(Relay relay, RoundTripTask task, Plan plan, long serverPid, Path killMark) {
        this.relay = relay;
        this.task = task;
        this.plan = plan;
        this.serverPid = serverPid;
        this.killMark = killMark;
        timer = new Thread(this::loop, "fixbench-server-restart");
        timer.setDaemon(true);
        timer.start();
    }

    /** The benchmark whose runs this reads (given after it is made, with this as its listener). */
    public void watch(LatencyBenchmark benchmark) {
        this.benchmark = benchmark;
    }

    @Override
    public void runStarting(String name, int number, int runs, boolean warmup) {
        killNanos = 0;
        notSentBefore = task.ordersNotSent();
        reconnectsBefore = task.reconnects().size();
        runStartedNanos = System.nanoTime();
        run = warmup ? 0 : number;
        java.util.concurrent.locks.LockSupport.unpark(timer);
    }

    /**
     * Never: the server is killed once per pair of JVMs (the orchestrator starts it again once), so a second attempt
     * would be a run without the kill (seen: a run measured again read no kill, ScenarioTest, 2026-12-02); and the JIT
     * of the server started again is the scenario's own, in any attempt.
     */
    @Override
    public boolean mayMeasureAgain() {
        return false;
    }

    /** Kills the server on time in the first measured run, on its own thread. */
    private void loop() {
        while (!stopping) {
            int r = run;
            long now = System.nanoTime();
            long due = runStartedNanos + plan.delayMillis() * 1_000_000L;
            if (killNanos != 0 && !restartedWatched && benchmark != null) {
                watchRestarted();
            }
            if (r <= 0 || killNanos != 0 || killMark == null || Files.exists(killMark)) {
                java.util.concurrent.locks.LockSupport.parkNanos(50_000_000L);
                continue;
            }
            if (now < due) {
                java.util.concurrent.locks.LockSupport.parkNanos(due - now);
                continue;
            }
            Relay.Link link = relay.slow();
            linkBefore = link;
            upBefore = relay.toServerCounts();
            downBefore = relay.toClientCounts();
            // the kill's time is when it was ordered: read after it, a preemption of this thread in between could put
            // the client's end of the session before the kill that made it
            long orderedNanos = System.nanoTime();
            try {
                Files.writeString(killMark, Long.toString(serverPid));
                java.util.Optional<ProcessHandle> server = ProcessHandle.of(serverPid);
                if (server.isEmpty() || !server.get().destroyForcibly()) {
                    killFailure = "the server (pid " + serverPid + ") could not be killed";
                }
            } catch (IOException e) {
                killFailure = "the kill's mark could not be written: " + e.getMessage();
            }
            killNanos = orderedNanos;
        }
    }

    private boolean restartedWatched;

    /** Watches the server started again, once the orchestrator has written its pid, as the first was watched. */
    private void watchRestarted() {
        Path file = killMark.resolveSibling(RESTARTED_PID);
        try {
            if (Files.exists(file) && !Files.readString(file).isBlank()) {
                benchmark.watchProcess(Long.parseLong(Files.readString(file).trim()));
                restartedWatched = true;
            }
        } catch (IOException | NumberFormatException e) {
            restartedWatched = true; // not watched: its CPU then reads as another process's
        }
    }

    @Override
    public void runEnded(String name, RunResult result) {
        int number = run;
        run = -1;
        RunTrace trace = benchmark == null ? null : benchmark.lastRunTrace();
        if (trace == null || number <= 0) {
            return;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(RUN, number);
        m.put(STATUS, result.status().name());
        long kill = killNanos == 0 ? -1 : killNanos - trace.startNanos();
        m.put(KILL_NANOS, kill);
        if (killFailure != null) {
            m.put(KILL_FAILURE, killFailure);
        }
        // the session may end more than once before it stays up: a client whose connect is no handshake (raw TCP)
        // is "connected" to the relay, which then finds no server and resets it. It ended at the first end; it was
        // logged on again at the last log-on that stayed up; the attempts are all of them
        List<RoundTripTask.Reconnect> all = task.reconnects();
        List<RoundTripTask.Reconnect> ends = all.subList(Math.min(reconnectsBefore, all.size()), all.size());
        RoundTripTask.Reconnect first = ends.isEmpty() ? null : ends.get(0);
        RoundTripTask.Reconnect last = ends.isEmpty() ? null : ends.get(ends.size() - 1);
        long ended = first == null || kill < 0 ? -1 : first.endedNanos() - killNanos;
        long loggedOn = last == null || kill < 0 || last.loggedOnNanos() == 0 ? -1
                : last.loggedOnNanos() - killNanos;
        m.put(SESSION_ENDED_AFTER_KILL_NANOS, ended);
        m.put(LOGGED_ON_AFTER_KILL_NANOS, loggedOn);
        m.put(LOGGED_ON_NANOS, loggedOn < 0 ? -1 : kill + loggedOn);
        m.put(ATTEMPTS, ends.stream().mapToInt(RoundTripTask.Reconnect::attempts).sum());
        m.put(SESSION_ENDS, ends.size());
        if (first != null) {
            m.put(END_REASON, first.reason());
        }
        String refusal = ends.stream().map(RoundTripTask.Reconnect::lastRefusal).filter(x -> x != null)
                .reduce((a, b) -> b).orElse(null);
        if (refusal != null) {
            m.put(LAST_REFUSAL, refusal);
        }
        // the first answer to arrive once the fresh client had logged on: the restarted server's first
        long firstAnswer = Long.MAX_VALUE;
        if (loggedOn >= 0) {
            for (int i = 0; i < trace.orders(); i++) {
                long latency = trace.latencyNanos(i);
                long arrived = trace.dueOffsetNanos(i) + latency;
                if (latency != RunTrace.LOST && arrived >= kill + loggedOn) {
                    firstAnswer = Math.min(firstAnswer, arrived);
                }
            }
        }
        m.put(FIRST_ANSWER_AFTER_KILL_NANOS, firstAnswer == Long.MAX_VALUE ? -1 : firstAnswer - kill);
        long preFrom = Math.min(ScenarioWindows.SETTLE_NANOS, Math.max(0, kill) / 2);
        long preP99 = kill <= 0 ? -1 : trace.percentileNanos(preFrom, kill, 99);
        m.put(PRE_P99_NANOS, preP99);
        m.put(ORDERS, trace.orders());
        m.put(LOST, trace.lost(0, Long.MAX_VALUE));
        m.put(NOT_SENT, task.ordersNotSent() - notSentBefore);
        long from = loggedOn < 0 ? -1 : kill + loggedOn;
        m.put(AFTER_P99_NANOS, from < 0 ? -1 : trace.percentileNanos(from, from + AFTER_WINDOW_NANOS, 99));
        List<RunTrace.Window> windows = trace.windows(org.fixbench.cli.results.ScenarioKeys.WINDOW_NANOS);
        // back within the pre-kill p99: looked for from the log-on (the windows are by due time, 10 ms wide, and
        // the orders due while the session was gone are never sent, so a window that began before the log-on could
        // read "back" on the few orders sent after it), and counted from the kill
        long backFromLogOn = kill < 0 || preP99 < 0 || loggedOn < 0 ? -1
                : ScenarioWindows.backAfterNanos(windows, preP99, kill + loggedOn);
        m.put(BACK_AFTER_NANOS, backFromLogOn < 0 ? -1 : loggedOn + backFromLogOn);
        m.put(DUPLICATE_ANSWERS, result.unmatchedSamples());
        Frames.Counts upAfter = relay.slow() == linkBefore ? null : relay.toServerCounts();
        Frames.Counts downAfter = relay.slow() == linkBefore ? null : relay.toClientCounts();
        m.put(LAST_SEQ_TO_SERVER, upBefore == null ? -1 : upBefore.lastSeqNum());
        m.put(LAST_SEQ_TO_CLIENT, downBefore == null ? -1 : downBefore.lastSeqNum());
        m.put(FIRST_SEQ_TO_SERVER, upAfter == null ? -1 : upAfter.firstSeqNum());
        m.put(FIRST_SEQ_TO_CLIENT, downAfter == null ? -1 : downAfter.firstSeqNum());
        ScenarioWindows.putWindows(m, windows);
        observed.removeIf(x -> x.get(RUN).equals(number)); // a run measured again: its last attempt
        observed.add(m);
    }

    /** One map per measured run (see {@link org.fixbench.cli.scenario.serverrestart.ServerRestartTable}), in run order. */
    public List<Map<String, Object>> observed() {
        return new ArrayList<>(observed);
    }

    @Override
    public void close() {
        stopping = true;
        java.util.concurrent.locks.LockSupport.unpark(timer);
    }
}
