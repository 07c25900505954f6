package org.fixbench.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.fixbench.cli.options.Durations;
import org.fixbench.cli.options.Rates;
import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.cli.results.SlowConsumerTable;
import org.fixbench.cli.run.BenchmarkSession;
import org.fixbench.cli.run.Contender;
import org.fixbench.cli.run.EngineEnvironment;
import org.fixbench.cli.run.ForkedRun;
import org.fixbench.cli.run.SlowConsumer;
import org.fixbench.cli.run.Sweep;
import org.fixbench.engine.EngineSpec;
import org.fixbench.harness.BenchmarkResult;
import org.fixbench.harness.HarnessConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * A scripted disturbance on top of the steady, coordinated-omission-corrected load, measured alike for every engine.
 * {@code slow-consumer} (see {@link SlowConsumer} and {@link SlowConsumerTable}): each round gives every engine at
 * every rate a fresh pair of JVMs, warmed up as {@code compare}'s, and two measured runs: one in which session 1's
 * reports are left unread for the stall, one without; which of the two comes first alternates by round. {@code burst}
 * (see {@link org.fixbench.cli.run.Burst} and {@link org.fixbench.cli.results.BurstTable}): each round a fresh pair
 * of JVMs and one measured run with a burst at a fixed second of it.
 */
@Command(name = "scenario", description = "Disturb a steady load the same way for every engine and judge what each "
        + "did: slow-consumer (one session of N stops reading its reports for --stall, then reads again; each round a "
        + "fresh pair of JVMs with one quiet and one stalled run) or burst (2 s at the rate, --burst at --factor "
        + "times it, then 3 s at the rate again; each round a fresh pair of JVMs with one run) or resend-storm (2 s "
        + "in, every message of the session is lost both ways for --gap, the connection staying up; the sessions "
        + "must resend or gap-fill it while new orders go on; --by cut: the connection is cut and refused for --gap "
        + "instead, and the client logs on again keeping its session) or server-restart (2 s in, the server is "
        + "killed and started again). --runs is the number of rounds.")
final class ScenarioCommand implements Callable<Integer> {
    static final String SLOW_CONSUMER = "slow-consumer";
    static final String BURST = "burst";
    static final String RESEND_STORM = "resend-storm";
    static final String SERVER_RESTART = "server-restart";
    static final String BUILT = SLOW_CONSUMER + ", " + BURST + ", " + RESEND_STORM + ", " + SERVER_RESTART;
    /** Each option that belongs to one scenario only, and that scenario: refused for the others. */
    static final Map<String, String> ONLY_FOR = Map.of("--stall", SLOW_CONSUMER, "--window", SLOW_CONSUMER,
            "--slow-rate", SLOW_CONSUMER, "--burst", BURST, "--factor", BURST, "--gap", RESEND_STORM, "--by", RESEND_STORM);
    /** How far into a server-restart run the server is killed, and how long the run goes on after (at least). */
    static final long KILL_DELAY_MILLIS = 2_000;
    static final long AFTER_KILL_MILLIS = 6_000;
    /** How far into a resend-storm run its gap starts, and how long the run goes on after it (at least). */
    static final long GAP_DELAY_MILLIS = 2_000;
    static final long AFTER_GAP_MILLIS = 5_000;
    /** How far into a burst run its burst starts. */
    static final long BURST_DELAY_MILLIS = 2_000;
    /** How long a burst run goes on after the burst, unless --duration says longer. */
    static final long AFTER_BURST_MILLIS = 3_000;
    /** Options every measuring command shares that a scenario does not honour: refused rather than ignored. */
    static final List<String> NOT_FOR_SCENARIO = List.of("--profile", "--fail-on", "--skip-first-run");

    /** How far into its measured run the stall starts. */
    static final long STALL_DELAY_MILLIS = 1_000;
    /** How long a measured run goes on after the stall ends (the slow session's backlog answered within it). */
    static final long AFTER_STALL_NANOS = 1_000_000_000L;

    @Spec
    CommandSpec commandSpec;

    @Mixin
    RunOptions options;

    @Parameters(index = "0", paramLabel = "NAME", description = "the scenario: slow-consumer, burst, resend-storm or "
            + "server-restart")
    String name;

    @Option(names = "--engines", paramLabel = "ENGINE[:PROFILE],...",
            description = "engines (default: " + DEFAULT_ENGINES + ": the relay needs a CPU, so profiles that "
                    + "wait without spinning where an engine has one; resend-storm: " + RESEND_STORM_ENGINES
                    + ", the stores needed to resend; with --by cut: " + RESEND_STORM_CUT_ENGINES + ")")
    String engines;

    @Option(names = "--rates", paramLabel = "RATE,...", description = "msgs/s, all sessions together (default: "
            + "${DEFAULT-VALUE})")
    String rates = "2000";

    @Option(names = "--stall", converter = Durations.class, paramLabel = "DURATION",
            description = "how long the slow session leaves its reports unread (default: 5s); each measured run lasts "
                    + "1 s before it, the stall, and 1 s after, unless --duration says longer")
    long stallNanos = 5_000_000_000L;

    @Option(names = "--window", paramLabel = "BYTES", description = "the receive buffer of every session's "
            + "connection to the server: the slow session's, its window while it does not read (the kernel doubles it; "
            + "default: ${DEFAULT-VALUE})")
    int windowBytes = DEFAULT_WINDOW_BYTES;

    /**
     * The slow session's receive buffer unless told otherwise (the kernel doubles it): small, as in the plain slow
     * client of issue 54. With 64 KiB, once its receive queue was full the connection stopped carrying its orders on
     * loopback (1.24 MB of them in the client's send queue, the server's receive queue empty and its send queue stuck
     * at 6,688 bytes: {@code ss -tn}, raw TCP, 1,000/s, 2026-11-28), so the server never met a write it could not
     * complete; with 4 KiB its orders went on and its reports filled the server's send queue (1.15 MB in 6 s).
     */
    static final int DEFAULT_WINDOW_BYTES = 4 * 1024;

    @Option(names = "--slow-rate", paramLabel = "RATE", description = "slow-consumer: the slow session's own rate, "
            + "msgs/s, out of --rates (default: its share, the rate over --sessions); the others share the rest")
    Long slowRate;

    /** The engines when none are named: each engine's profile that waits without spinning where it has one. */
    static final String DEFAULT_ENGINES = "tcp:yield,sbe:yield,philadelphia:yield,quickfixj:tuned,artio:tuned";
    /**
     * resend-storm's engines when none are named: {@link #DEFAULT_ENGINES} with the message store each engine needs to
     * resend (QuickFIX/J's tuned profile keeps no sent messages, Artio's logs none: both would gap-fill every resend;
     * Philadelphia has no store at all, and sbe keeps one in every profile).
     */
    static final String RESEND_STORM_ENGINES = "tcp:yield,sbe:yield,philadelphia:yield,"
            + "quickfixj:tuned+PersistMessages=Y,artio:tuned+logMessages=Y";
    /**
     * resend-storm --by cut's engines when none are named: {@link #RESEND_STORM_ENGINES}, with QuickFIX/J keeping its
     * numbers at Logon (its tuned profile resets them: every order it took while down would be gap-filled).
     */
    static final String RESEND_STORM_CUT_ENGINES = "tcp:yield,sbe:yield,philadelphia:yield,"
            + "quickfixj:tuned+PersistMessages=Y+ResetOnLogon=N,artio:tuned+logMessages=Y";

    @Option(names = "--burst", converter = Durations.class, paramLabel = "DURATION",
            description = "burst: how long the burst lasts (default: 1s)")
    long burstNanos = 1_000_000_000L;

    @Option(names = "--factor", paramLabel = "N", description = "burst: the burst's rate over the base rate "
            + "(default: ${DEFAULT-VALUE})")
    int factor = 10;

    @Option(names = "--gap", converter = Durations.class, paramLabel = "DURATION",
            description = "resend-storm: how long the session's messages are lost, both ways (default: 2s)")
    long gapNanos = 2_000_000_000L;

    @Option(names = "--by", paramLabel = "lose|cut", description = "resend-storm: how the gap is made: lose (every "
            + "message lost both ways, the connection up) or cut (the connection cut and every new one refused for "
            + "--gap; the client logs on again with the session it had, taking orders into it while down where its "
            + "engine does) (default: ${DEFAULT-VALUE})")
    String gapBy = "lose";

    @Option(names = "--connect-timeout", converter = Durations.class, paramLabel = "DURATION",
            description = "time allowed to connect and log on (default: 10s)")
    long connectTimeoutNanos = 10_000_000_000L;

    @Override
    public Integer call() throws IOException {
        if (!SLOW_CONSUMER.equals(name) && !BURST.equals(name) && !RESEND_STORM.equals(name)
                && !SERVER_RESTART.equals(name)) {
            throw new IllegalArgumentException("unknown scenario '" + name + "' (built: " + BUILT + ")");
        }
        for (String notHere : NOT_FOR_SCENARIO) {
            if (commandSpec != null && commandSpec.commandLine().getParseResult().hasMatchedOption(notHere)) {
                throw new IllegalArgumentException(notHere + " is not for scenario (each round's runs are "
                        + "judged by the scenario's own rule)");
            }
        }
        for (Map.Entry<String, String> only : new java.util.TreeMap<>(ONLY_FOR).entrySet()) {
            if (!only.getValue().equals(name) && commandSpec != null
                    && commandSpec.commandLine().getParseResult().hasMatchedOption(only.getKey())) {
                throw new IllegalArgumentException(only.getKey() + " is for scenario " + only.getValue() + ", not "
                        + name);
            }
        }
        if (!options.forks()) {
            throw new IllegalArgumentException("scenario runs each engine's server and client in processes of their "
                    + "own: --fork none is not for it");
        }
        if (BURST.equals(name)) {
            return burst();
        }
        if (RESEND_STORM.equals(name)) {
            return resendStorm();
        }
        if (SERVER_RESTART.equals(name)) {
            return serverRestart();
        }
        boolean sessionsGiven = commandSpec != null
                && commandSpec.commandLine().getParseResult().hasMatchedOption("--sessions");
        int sessions = sessionsGiven ? options.sessions() : 10;
        if (sessions < 2) {
            throw new IllegalArgumentException("slow-consumer needs 2 sessions or more: one slow, the others "
                    + "watched (--sessions was " + sessions + ")");
        }
        options.sessions(sessions);
        if (stallNanos < 100_000_000L) {
            throw new IllegalArgumentException("--stall must be 100ms or more (was " + stallNanos / 1_000_000 + "ms)");
        }
        if (!options.forks()) {
            throw new IllegalArgumentException("scenario runs each engine's server and client in processes of their "
                    + "own: --fork none is not for it");
        }
        options.pinByDefault();
        long leastRunNanos = STALL_DELAY_MILLIS * 1_000_000L + stallNanos + AFTER_STALL_NANOS;
        long runNanos = Math.max(leastRunNanos, options.runNanosOr(leastRunNanos));
        int rounds = options.runs();
        if (rounds < 1) {
            throw new IllegalArgumentException("--runs must be 1 or more (was " + rounds + ")");
        }
        if (windowBytes < 1024 || windowBytes > (1 << 24)) {
            throw new IllegalArgumentException("--window must be 1024-16777216 bytes (was " + windowBytes + ")");
        }
        List<EngineSpec> specs = EngineSpec.parseList(engines == null ? DEFAULT_ENGINES : engines);
        for (EngineSpec spec : specs) {
            if ("external".equals(spec.engine().name())) {
                throw new IllegalArgumentException("slow-consumer does not measure external engines yet (its slow "
                        + "session logs on with fixbench's own CompIDs): " + spec.label());
            }
        }
        if (!options.flow().isFixed()) {
            throw new IllegalArgumentException("slow-consumer: the slow session sends the fixed order, so the others "
                    + "do too: --workload is not for it");
        }
        List<Long> rateList = Rates.parse(rates);
        for (long rate : rateList) {
            long slow = slowRate(rate, sessions);
            if (slow < 1 || rate - slow < sessions - 1) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "--slow-rate must leave the other %d "
                        + "session(s) 1/s each or more of --rates %d (was %d)", sessions - 1, rate, slow));
            }
        }
        Sweep.plan(options, specs, rateList, runNanos, Sweep.DEFAULT_WARMUP_NANOS); // refusals
        options.failOnStatuses();
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("name", SLOW_CONSUMER);
        scenario.put("sessions", sessions);
        scenario.put("stallMillis", stallNanos / 1_000_000);
        scenario.put("stallStartMillisIntoRun", STALL_DELAY_MILLIS);
        scenario.put("runMillis", runNanos / 1_000_000);
        scenario.put("slowClientReceiveBufferBytes", windowBytes);
        if (slowRate != null) {
            scenario.put("slowRatePerSecond", slowRate);
        }
        scenario.put("what", "session 1 is a plain client of its own (its own connection and receive buffer); in one "
                + "of each round's two measured runs it stops reading its socket for the stall while it goes on "
                + "sending, then reads again; the engine's own client carries the other sessions, measured");
        return rounds(scenario, specs, rateList, rounds, sessions, true, (forked, spec, rate, round, labels) -> {
            int stallRun = round % 2 == 1 ? 2 : 1; // the quiet run first in odd rounds, the stalled one in even
            long slow = slowRate(rate, sessions);
            HarnessConfig config = options.configure(Sweep.benchmarkName(spec, rate) + "-round" + round, rate - slow,
                    runNanos, Sweep.DEFAULT_WARMUP_NANOS).runs(2).runNanos(runNanos).skipFirstRun(false).build();
            System.out.printf(Locale.ROOT, "%d sessions: session 1 a slow client at %,d/s, stalled %.1f s in run %d;"
                    + " the others at %,d/s together%n", sessions, slow, stallNanos / 1e9, stallRun, rate - slow);
            return forked.slowConsumer(new SlowConsumer.Plan(stallRun, STALL_DELAY_MILLIS, stallNanos / 1_000_000,
                    windowBytes, slow)).run(Contender.of(spec), config, labels, null);
        }, results -> SlowConsumerTable.of(results).stream().map(r -> Map.<String, Object>of("engine", r.engine(),
                "rate", r.rate(), "verdict", r.verdict())).toList());
    }

    /** The slow session's rate out of {@code rate}: --slow-rate, or its share. */
    private long slowRate(long rate, int sessions) {
        return slowRate != null ? slowRate : Math.max(1, rate / sessions);
    }

    /**
     * The burst scenario: each round gives every engine at every base rate a fresh pair of JVMs, warmed up as {@code
     * compare}'s (the warm-up goes through the run's shape, bursts included), and one measured run of {@link
     * #BURST_DELAY_MILLIS} at the rate, the burst, and the rest of the run at the rate again.
     */
    private Integer burst() throws IOException {
        if (factor < 2 || factor > 100) {
            throw new IllegalArgumentException("--factor must be 2-100 (was " + factor + ")");
        }
        if (burstNanos < 100_000_000L || burstNanos > 60_000_000_000L) {
            throw new IllegalArgumentException("--burst must be 100ms-60s (was " + burstNanos / 1_000_000 + "ms)");
        }
        if (!options.flow().pacing(options.sessions()).isEven()) {
            throw new IllegalArgumentException("burst paces its runs itself: a paced --workload is not for it");
        }
        options.pinByDefault();
        int rounds = options.runs();
        if (rounds < 1) {
            throw new IllegalArgumentException("--runs must be 1 or more (was " + rounds + ")");
        }
        long burstMillis = burstNanos / 1_000_000;
        long leastRunMillis = BURST_DELAY_MILLIS + burstMillis + AFTER_BURST_MILLIS;
        long runMillis = Math.max(leastRunMillis, options.runNanosOr(leastRunMillis * 1_000_000L) / 1_000_000);
        long afterMillis = runMillis - BURST_DELAY_MILLIS - burstMillis;
        List<EngineSpec> specs = EngineSpec.parseList(engines == null ? DEFAULT_ENGINES : engines);
        List<Long> rateList = Rates.parse(rates);
        Map<Long, org.fixbench.cli.run.Burst.Plan> plans = new LinkedHashMap<>();
        for (long rate : rateList) {
            org.fixbench.cli.run.Burst.Plan plan = new org.fixbench.cli.run.Burst.Plan(rate, factor,
                    BURST_DELAY_MILLIS, burstMillis, afterMillis);
            if (plan.iterations() > 20_000_000L) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "a burst run at %,d/s would send %,d "
                        + "orders: more than 20,000,000 (lower the rate, --factor or --burst)", rate,
                        plan.iterations()));
            }
            plans.put(rate, plan);
        }
        Sweep.plan(options, specs, rateList, runMillis * 1_000_000L, Sweep.DEFAULT_WARMUP_NANOS); // refusals
        options.failOnStatuses();
        int sessions = options.sessions();

        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("name", BURST);
        scenario.put("sessions", sessions);
        scenario.put("factor", factor);
        scenario.put("burstMillis", burstMillis);
        scenario.put("burstStartMillisIntoRun", BURST_DELAY_MILLIS);
        scenario.put("runMillis", runMillis);
        scenario.put("windowMillis", org.fixbench.cli.run.Burst.WINDOW_NANOS / 1_000_000);
        scenario.put("what", String.format(Locale.ROOT, "each round, a fresh pair of JVMs and one measured run: %d ms "
                + "at the rate, %d ms at %d times it, %d ms at the rate again, on one drift-free schedule (every "
                + "order's latency from when it was due)", BURST_DELAY_MILLIS, burstMillis, factor, afterMillis));
        return rounds(scenario, specs, rateList, rounds, sessions, true, (forked, spec, rate, round, labels) -> {
            org.fixbench.cli.run.Burst.Plan plan = plans.get(rate);
            HarnessConfig config = options.configure(Sweep.benchmarkName(spec, rate) + "-round" + round,
                            plan.meanRatePerSecond(), runMillis * 1_000_000L, Sweep.DEFAULT_WARMUP_NANOS)
                    .runs(1).skipFirstRun(false).iterationsPerRun(plan.iterations()).pacing(plan.pacing())
                    .build();
            System.out.printf(Locale.ROOT, "%,d/s for %d ms from %.1f s into the run%n", rate * factor, burstMillis,
                    BURST_DELAY_MILLIS / 1e3);
            labels.put(org.fixbench.cli.results.BurstTable.BASE_RATE_LABEL, rate);
            return forked.burst(plan).run(Contender.of(spec), config, labels, null);
        }, results -> org.fixbench.cli.results.BurstTable.of(results).stream().map(r -> Map.<String, Object>of(
                "engine", r.engine(), "rate", r.baseRate(), "verdict", r.verdict())).toList());
    }

    /**
     * The resend-storm scenario: each round gives every engine at every rate a fresh pair of JVMs, the usual warm-up
     * (with a practice gap) and one measured run: {@link #GAP_DELAY_MILLIS} at the rate, then every message of the
     * session lost both ways for the gap, then the rest of the run, at least {@link #AFTER_GAP_MILLIS}.
     */
    private Integer resendStorm() throws IOException {
        if (gapNanos < 100_000_000L || gapNanos > 60_000_000_000L) {
            throw new IllegalArgumentException("--gap must be 100ms-60s (was " + gapNanos / 1_000_000 + "ms)");
        }
        if (!gapBy.equals("lose") && !gapBy.equals("cut")) {
            throw new IllegalArgumentException("--by must be lose or cut (was " + gapBy + ")");
        }
        boolean cut = gapBy.equals("cut");
        options.pinByDefault();
        int rounds = options.runs();
        if (rounds < 1) {
            throw new IllegalArgumentException("--runs must be 1 or more (was " + rounds + ")");
        }
        long gapMillis = gapNanos / 1_000_000;
        long leastRunMillis = GAP_DELAY_MILLIS + gapMillis + AFTER_GAP_MILLIS;
        long runMillis = Math.max(leastRunMillis, options.runNanosOr(leastRunMillis * 1_000_000L) / 1_000_000);
        List<EngineSpec> specs = EngineSpec.parseList(engines != null ? engines
                : cut ? RESEND_STORM_CUT_ENGINES : RESEND_STORM_ENGINES);
        List<Long> rateList = Rates.parse(rates);
        Sweep.plan(options, specs, rateList, runMillis * 1_000_000L, Sweep.DEFAULT_WARMUP_NANOS); // refusals
        options.failOnStatuses();
        int sessions = options.sessions();
        if (cut && sessions != 1) {
            throw new IllegalArgumentException("resend-storm --by cut carries one session (asked for " + sessions
                    + ")");
        }
        org.fixbench.cli.run.ResendStorm.Plan plan = new org.fixbench.cli.run.ResendStorm.Plan(GAP_DELAY_MILLIS,
                gapMillis, cut);
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("name", RESEND_STORM);
        scenario.put("sessions", sessions);
        scenario.put("gapMillis", gapMillis);
        if (cut) {
            scenario.put("gapBy", "cut");
        }
        scenario.put("gapStartMillisIntoRun", GAP_DELAY_MILLIS);
        scenario.put("runMillis", runMillis);
        scenario.put("windowMillis", org.fixbench.cli.run.Burst.WINDOW_NANOS / 1_000_000);
        scenario.put("what", cut ? String.format(Locale.ROOT, "each round, a fresh pair of JVMs and one measured run; "
                + "%d ms into it a relay in the client's JVM cuts the session's connection and refuses every new one "
                + "for %d ms, while orders keep coming on their schedule; the client logs on again with the session "
                + "it had", GAP_DELAY_MILLIS, gapMillis)
                : String.format(Locale.ROOT, "each round, a fresh pair of JVMs and one measured run; %d ms "
                + "into it a relay in the client's JVM loses every whole message of session 1, both ways, for %d ms, "
                + "its connection staying up, while orders keep coming on their schedule", GAP_DELAY_MILLIS,
                gapMillis));
        return rounds(scenario, specs, rateList, rounds, sessions, false, (forked, spec, rate, round, labels) -> {
            HarnessConfig config = options.configure(Sweep.benchmarkName(spec, rate) + "-round" + round, rate,
                    runMillis * 1_000_000L, Sweep.DEFAULT_WARMUP_NANOS).runs(1).skipFirstRun(false)
                    .runNanos(runMillis * 1_000_000L).build();
            System.out.printf(Locale.ROOT, cut ? "the session's connection cut and refused for %d ms from %.1f s into "
                    + "the run%n" : "session 1's messages lost both ways for %d ms from %.1f s into the run%n",
                    gapMillis, GAP_DELAY_MILLIS / 1e3);
            labels.put("gapMillis", gapMillis);
            return forked.resendStorm(plan).run(Contender.of(spec), config, labels, null);
        }, results -> org.fixbench.cli.results.ResendStormTable.of(results).stream().map(r -> Map.<String, Object>of(
                "engine", r.engine(), "rate", r.rate(), "verdict", r.verdict())).toList());
    }

    /**
     * The server-restart scenario: each round gives every engine at every rate a fresh pair of JVMs, the usual warm-up
     * and one measured run: {@link #KILL_DELAY_MILLIS} at the rate, then the server's process killed (SIGKILL) and
     * started again at once, on the same port, while a fresh client logs on again and orders keep coming, for at
     * least {@link #AFTER_KILL_MILLIS}.
     */
    private Integer serverRestart() throws IOException {
        options.pinByDefault();
        int rounds = options.runs();
        if (rounds < 1) {
            throw new IllegalArgumentException("--runs must be 1 or more (was " + rounds + ")");
        }
        if (options.sessions() != 1) {
            throw new IllegalArgumentException("server-restart logs one session on again (--sessions was "
                    + options.sessions() + ")");
        }
        long leastRunMillis = KILL_DELAY_MILLIS + AFTER_KILL_MILLIS;
        long runMillis = Math.max(leastRunMillis, options.runNanosOr(leastRunMillis * 1_000_000L) / 1_000_000);
        List<EngineSpec> specs = EngineSpec.parseList(engines == null ? DEFAULT_ENGINES : engines);
        List<Long> rateList = Rates.parse(rates);
        Sweep.plan(options, specs, rateList, runMillis * 1_000_000L, Sweep.DEFAULT_WARMUP_NANOS); // refusals
        options.failOnStatuses();
        org.fixbench.cli.run.ServerRestart.Plan plan = new org.fixbench.cli.run.ServerRestart.Plan(KILL_DELAY_MILLIS);
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("name", SERVER_RESTART);
        scenario.put("sessions", 1);
        scenario.put("killMillisIntoRun", KILL_DELAY_MILLIS);
        scenario.put("runMillis", runMillis);
        scenario.put("windowMillis", org.fixbench.cli.run.Burst.WINDOW_NANOS / 1_000_000);
        scenario.put("what", String.format(Locale.ROOT, "each round, a fresh pair of JVMs and one measured run; %d ms "
                + "into it the client kills the server's process (SIGKILL) and the orchestrator starts the same "
                + "server again at once, on the same port, while a fresh client of the same engine and profile logs "
                + "on again and orders keep coming on their schedule", KILL_DELAY_MILLIS));
        return rounds(scenario, specs, rateList, rounds, 1, false, (forked, spec, rate, round, labels) -> {
            HarnessConfig config = options.configure(Sweep.benchmarkName(spec, rate) + "-round" + round, rate,
                    runMillis * 1_000_000L, Sweep.DEFAULT_WARMUP_NANOS).runs(1).skipFirstRun(false)
                    .runNanos(runMillis * 1_000_000L).build();
            System.out.printf(Locale.ROOT, "the server killed %.1f s into the run and started again at once%n",
                    KILL_DELAY_MILLIS / 1e3);
            return forked.serverRestart(plan).run(Contender.of(spec), config, labels, null);
        }, results -> org.fixbench.cli.results.ServerRestartTable.of(results).stream().map(r -> Map.<String, Object>of(
                "engine", r.engine(), "rate", r.rate(), "verdict", r.verdict())).toList());
    }

    /** The server-restart scenario's report from its folder (charts of round 1 into {@code out/charts}). */
    static String renderServerRestart(Map<String, Object> env, List<BenchmarkResult> results, java.nio.file.Path out,
                                      String partialReason) {
        Map<?, ?> scenario = (Map<?, ?>) env.get("scenario");
        long runMillis = ((Number) scenario.get("runMillis")).longValue();
        long killMillis = ((Number) scenario.get("killMillisIntoRun")).longValue();
        StringBuilder b = reportHeader(SERVER_RESTART, env, partialReason);
        b.append(String.format(Locale.ROOT, "One FIX session. Each round gives each engine a fresh pair of JVMs, "
                + "warmed up as `compare`'s, and one measured run of %.1f s. %.1f s into it, the client's JVM kills "
                + "the server's process (SIGKILL), and the orchestrating process starts the same server (same "
                + "command, engine, profile, port and work folder) again as soon as it sees it die: an engine whose "
                + "profile keeps its sequence numbers and messages in files goes on from them (sbe with `store=file`, "
                + "QuickFIX/J with a file store), one that keeps them in memory starts again at 1. The client's "
                + "session ends; a fresh client of the same engine, profile and work folder logs on again once the "
                + "server's port listens again (read from /proc/net/tcp every 2 ms), retrying every 10 ms for up to "
                + "the connect timeout, as an application would (no engine's client here does it on its own). "
                + "Orders keep coming on their schedule throughout: those due while the session is gone are not "
                + "sent, and counted; those sent and never answered are lost, and counted; none is dropped "
                + "silently. The warm-up has no practice kill.%n%n", runMillis / 1e3, killMillis / 1e3));
        b.append("Times are from the kill. The session *ended* when the client's engine reported it; the server "
                + "*listened again* when the restarted JVM wrote its port (the orchestrator's reading, from when it saw the "
                + "first process's death: a few ms either way); *logged on again* when a fresh client's logon was done; the *first order "
                + "answered* is the first answer to arrive after that. The session's connection goes through a relay "
                + "in the client's JVM that reads MsgSeqNum (34) of the last message each way before the kill and "
                + "of the first after it (a Logon). *Back* is the `burst` scenario's rule from the kill: 10 windows "
                + "of 10 ms in a row with their median within the pre-kill p99 and no order lost.\n\n");
        List<org.fixbench.cli.results.ServerRestartTable.Row> rows = org.fixbench.cli.results.ServerRestartTable.of(
                results);
        b.append(org.fixbench.cli.results.ServerRestartTable.markdown(rows)).append('\n');
        b.append("Per round, in round order. Runs: each run's status by `compare`'s rules (a run with a kill loses "
                + "orders, so it reads FAILED; the figures here are the scenario's).\n");
        if (out != null) {
            b.append(windowCharts(out, results, "restart", org.fixbench.cli.results.ServerRestartTable.KILL_NANOS,
                    org.fixbench.cli.results.ServerRestartTable.LOGGED_ON_NANOS, "server killed", "logged on again",
                    org.fixbench.cli.results.ServerRestartTable.PRE_P99_NANOS, "pre-kill p99"));
        }
        return b.toString();
    }

    /** The resend-storm scenario's report from its folder (charts of round 1 into {@code out/charts}). */
    static String renderResendStorm(Map<String, Object> env, List<BenchmarkResult> results, java.nio.file.Path out,
                                    String partialReason) {
        Map<?, ?> scenario = (Map<?, ?>) env.get("scenario");
        long gapMillis = ((Number) scenario.get("gapMillis")).longValue();
        long runMillis = ((Number) scenario.get("runMillis")).longValue();
        int sessions = ((Number) scenario.get("sessions")).intValue();
        StringBuilder b = reportHeader("resend-storm", env, partialReason);
        boolean cut = "cut".equals(scenario.get("gapBy"));
        if (cut) {
            b.append(String.format(Locale.ROOT, "One FIX session. Each round gives each engine a fresh pair of JVMs, "
                    + "warmed up as `compare`'s with a practice gap of %d lost orders in the warm-up, and one measured "
                    + "run of %.1f s. From %.1f s into it, a relay in the client's JVM cuts the session's connection "
                    + "(both sides see it closed) and, for %.1f s, resets every new connection at once. Orders keep "
                    + "coming on their schedule throughout. The client logs on again as soon as the relay takes "
                    + "connections: the same client, with the sequence numbers and store it had, where its engine "
                    + "can (sbe, QuickFIX/J: QuickFIX/J's initiator reconnects by itself, every ReconnectInterval, 1 "
                    + "s); an engine's client that cannot is replaced by a fresh one, as an application would. While "
                    + "the session is down, an order due is taken into the session where the client's engine does "
                    + "(it numbers and stores it, to be resent when the server asks: sbe, QuickFIX/J), else it is not "
                    + "sent, and counted. Once logged on again, each side asks for what it missed (ResendRequest) "
                    + "and the other resends it (PossDupFlag Y) or gap-fills it, while new orders go on, unless the "
                    + "profile resets the numbers at Logon.%n%n", 20, runMillis / 1e3, GAP_DELAY_MILLIS / 1e3,
                    gapMillis / 1e3));
        } else {
            b.append(String.format(Locale.ROOT, "%d FIX session(s) share the rate. Each round gives each engine a fresh "
                + "pair of JVMs, warmed up as `compare`'s with a practice gap of %d orders in the warm-up, and one "
                + "measured run of %.1f s. From %.1f s into it, a relay in the client's JVM loses every whole message of "
                + "session 1, both ways, for %.1f s: read from one side and not written to the other, the TCP "
                + "connection staying up. Orders keep coming on their schedule throughout. The messages after the "
                + "gap carry numbers past it, so each side's FIX session must ask for the range (ResendRequest) and "
                + "the other resend it (PossDupFlag Y) or gap-fill it, while new orders go on. An engine without a "
                + "session layer (raw TCP) loses the gap's orders. The variant in which the connection is cut and "
                + "the client logs on again is `--by cut`.%n%n", sessions, 20, runMillis / 1e3,
                GAP_DELAY_MILLIS / 1e3, gapMillis / 1e3));
        }
        b.append("Counted at the relay, per direction: messages lost, ResendRequests, messages resent (PossDupFlag Y, "
                + "gap fills apart) and gap fills (SequenceReset with GapFillFlag Y); the replay *ended* when the "
                + "last resent message or gap fill crossed it, timed from the gap's end. From the harness, every "
                + "order by its due time: the gap's orders answered (latency from when each was due, so it includes "
                + "the gap), the orders never answered (lost, never dropped silently), when latency was back within "
                + "the pre-gap p99 (10 ms windows' medians, 10 in a row, as in `burst`), the p99 and worst of the "
                + "orders due in the second after the gap (new orders behind the replay), and answers the harness "
                + "could not match or got twice. The resident sets (VmRSS) of the server and of the client's JVM "
                + "(the relay's buffers are in it) are read every 250 ms; growth is the peak less the first "
                + "reading of the run.\n\n");
        List<org.fixbench.cli.results.ResendStormTable.Row> rows = org.fixbench.cli.results.ResendStormTable.of(
                results);
        b.append(org.fixbench.cli.results.ResendStormTable.markdown(rows)).append('\n');
        String cutTable = org.fixbench.cli.results.ResendStormTable.cutMarkdown(rows);
        if (!cutTable.isEmpty()) {
            b.append("The cut, per round: when the client saw its session end, when it was logged on again (from the "
                    + "cut's end, with the attempts it took), what became of the orders due while it was down, and "
                    + "the MsgSeqNum of the last message each way before the cut and of each side's Logon after it "
                    + "(a Logon at 1: the numbers were reset; above the last before: kept).\n\n");
            b.append(cutTable).append('\n');
        }
        b.append("Per round, in round order. Runs: each run's status by `compare`'s rules (the gap's orders wait "
                + "at least the gap, so a run with one reads SATURATED or FAILED; the figures here are the "
                + "scenario's).\n");
        if (out != null) {
            b.append(windowCharts(out, results, "gap", org.fixbench.cli.results.ResendStormTable.GAP_START_NANOS,
                    org.fixbench.cli.results.ResendStormTable.GAP_END_NANOS,
                    org.fixbench.cli.results.ResendStormTable.PRE_P99_NANOS, "pre-gap p99"));
        }
        return b.toString();
    }

    /** One benchmark of a scenario's round: its configuration made and run on {@code forked}. */
    interface Benchmark {
        BenchmarkResult run(ForkedRun forked, EngineSpec spec, long rate, int round, Map<String, Object> labels);
    }

    /**
     * A scenario's rounds: every engine at every rate once a round, each a fresh pair of JVMs ({@code benchmark}
     * says what is run), then the results and the report written; Ctrl-C keeps what was measured. An engine that
     * could not start stops it when {@code stopOnAbort}; else it is a finding and the next engine goes on.
     */
    private Integer rounds(Map<String, Object> scenario, List<EngineSpec> specs, List<Long> rateList, int rounds,
                           int sessions, boolean stopOnAbort, Benchmark benchmark,
                           java.util.function.Function<List<BenchmarkResult>, List<Map<String, Object>>> verdicts)
            throws IOException {
        BenchmarkSession session = new BenchmarkSession(options, System.out);
        String command = "scripts/fixbench " + String.join(" ",
                commandSpec.commandLine().getParseResult().originalArgs());
        session.environment.put(ResultLabels.COMMAND, command);
        session.environment.put("engines", EngineEnvironment.describe(specs));
        session.environment.put("scenario", scenario);
        String name = String.valueOf(scenario.get("name"));
        ForkedRun forked = new ForkedRun(System.out, InetAddress.getLoopbackAddress(),
                Duration.ofNanos(connectTimeoutNanos)).sessions(sessions).workload(options.workloadSpec())
                .jvmLogs(session.folder);
        List<BenchmarkResult> results = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.atomic.AtomicBoolean completed = new java.util.concurrent.atomic.AtomicBoolean();
        Thread partial = new Thread(() -> {
            if (!completed.get()) {
                writePartial(session, results);
            }
        }, "fixbench-partial-scenario");
        Runtime.getRuntime().addShutdownHook(partial); // Ctrl-C or SIGTERM: keep what was measured
        String stopReason = null;
        int total = rounds * specs.size() * rateList.size();
        int done = 0;
        for (int round = 1; round <= rounds && stopReason == null; round++) {
            for (int i = 0; i < specs.size() * rateList.size() && stopReason == null; i++) {
                EngineSpec spec = specs.get(i / rateList.size());
                long rate = rateList.get(i % rateList.size());
                System.out.printf(Locale.ROOT, "%n=== [%d/%d] %s %s at %,d/s, round %d: ", ++done, total, name,
                        spec.label(), rate, round);
                Map<String, Object> labels = new LinkedHashMap<>();
                labels.put(ResultLabels.ENGINE, spec.engine().name());
                labels.put(ResultLabels.PROFILE, spec.profile());
                labels.put(ResultLabels.SESSIONS, sessions);
                labels.put(ResultLabels.PROCESSES, "forked: server and client each in its own JVM");
                labels.put(SlowConsumerTable.ENGINE_LABEL, spec.label());
                labels.put("scenario", name);
                labels.put("round", round);
                BenchmarkResult result = benchmark.run(forked, spec, rate, round, labels);
                results.add(result);
                session.results.add(result);
                if (result.runs().isEmpty() && result.aborted()) {
                    if (stopOnAbort) {
                        stopReason = spec.label() + ": " + result.abortReason();
                    } else {
                        System.out.println(spec.label() + " measured nothing: " + result.abortReason());
                    }
                }
            }
        }
        completed.set(true);
        try {
            Runtime.getRuntime().removeShutdownHook(partial);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or ran
        }
        if (stopReason != null) {
            session.environment.put(ResultLabels.STOP_REASON, stopReason);
        }
        session.environment.put("scenarioVerdicts", verdicts.apply(results));
        session.writeResults();
        String report = render(org.fixbench.harness.ResultsReader.read(session.folder), session.folder,
                session.folder);
        org.fixbench.harness.AtomicFiles.writeString(session.folder.resolve("report.md"), report);
        System.out.println();
        System.out.println(report);
        int status = session.finish(java.util.Set.of());
        if (stopReason != null) {
            System.err.println("fixbench: scenario stopped early: " + stopReason);
            return org.fixbench.cli.options.ExitStatus.STOPPED;
        }
        return status;
    }

    /** A scenario report's title, command, machine, and why it stopped early or is partial, if it did or is. */
    static StringBuilder reportHeader(String name, Map<String, Object> env, String partialReason) {
        Object stop = env.get(ResultLabels.STOP_REASON);
        StringBuilder b = new StringBuilder("# fixbench scenario: " + name)
                .append(partialReason == null ? "" : " (PARTIAL: interrupted)").append("\n\n");
        b.append("Command: `").append(env.getOrDefault(ResultLabels.COMMAND, "(not recorded)")).append("`\n\n");
        b.append(String.format(Locale.ROOT, "Machine: %s; commit %s.%n%n", env.getOrDefault("cpuModel", "?"),
                env.getOrDefault("gitCommit", "?")));
        if (stop != null) {
            b.append("**Stopped early:** ").append(stop).append("\n\n");
        }
        if (partialReason != null) {
            b.append("**Partial:** ").append(partialReason).append("\n\n");
        }
        return b;
    }

    /** The burst scenario's report from its folder (charts of round 1 into {@code out/charts}). */
    static String renderBurst(Map<String, Object> env, List<BenchmarkResult> results, java.nio.file.Path out,
                              String partialReason) {
        Map<?, ?> scenario = (Map<?, ?>) env.get("scenario");
        long burstMillis = ((Number) scenario.get("burstMillis")).longValue();
        long runMillis = ((Number) scenario.get("runMillis")).longValue();
        int sessions = ((Number) scenario.get("sessions")).intValue();
        int factor = ((Number) scenario.get("factor")).intValue();
        StringBuilder b = reportHeader("burst", env, partialReason);
        b.append(String.format(Locale.ROOT, "%d FIX session(s) share the rate. Each round gives each engine a fresh "
                + "pair of JVMs, warmed up as `compare`'s (the warm-up goes through the run's shape, bursts "
                + "included), and one measured run of %.1f s on one drift-free schedule: %.1f s at the rate, %.1f s at "
                + "%d times it, the rest at the rate again. Every order's latency is from when it was due, so a queue "
                + "that builds in the burst shows in the orders after it.%n%n", sessions, runMillis / 1e3,
                BURST_DELAY_MILLIS / 1e3, burstMillis / 1e3, factor));
        b.append(String.format(Locale.ROOT, "The pre-burst p99 is that of the orders due from 0.5 s into the run to "
                + "the burst's start. The run is cut into %d ms windows by when orders were due. In the burst, the "
                + "windows whose median went above the pre-burst p99 are counted (a queue building through the "
                + "burst puts nearly all of them there). Latency is *back* at the first window from the burst's end "
                + "on from which %d windows in a row have their median within the pre-burst p99, timed from the "
                + "burst's end (*at once*: the first window after the burst starts such a stretch). An engine *kept "
                + "up* when it was back at once and at most %.0f%% of the burst's windows were above (a hiccup, not "
                + "a queue); it *drained its queue within the burst* when more were above but it was back at once. "
                + "The queue's peak is the most orders in flight in a window by Little's law from the replies: the "
                + "time its orders waited for their replies over the window's span; \"before\" is the most in a "
                + "window before the burst. \"Sent late by\" is how far behind its schedule the client sent the "
                + "burst's orders (the client's own limit, or the engine pushing back on it); latency counts from "
                + "the schedule either way.%n%n", org.fixbench.cli.run.Burst.WINDOW_NANOS / 1_000_000,
                org.fixbench.cli.run.Burst.BACK_WINDOWS, org.fixbench.cli.results.BurstTable.KEPT_UP_SHARE * 100));
        List<org.fixbench.cli.results.BurstTable.Row> rows = org.fixbench.cli.results.BurstTable.of(results);
        b.append(org.fixbench.cli.results.BurstTable.markdown(rows)).append('\n');
        b.append("Per round, in round order. Runs: each run's status by `compare`'s rules at its mean rate, whose "
                + "\"seconds\" are the mean rate's count of orders, not seconds of the burst's schedule: a run that "
                + "queued in its burst reads SATURATED there; the figures here are the scenario's. Orders never "
                + "answered within the run are counted lost, never dropped.\n");
        if (out != null) {
            b.append(windowCharts(out, results, "burst", org.fixbench.cli.results.BurstTable.BURST_START_NANOS,
                    org.fixbench.cli.results.BurstTable.BURST_END_NANOS, org.fixbench.cli.results.BurstTable.PRE_P99_NANOS,
                    "pre-burst p99"));
        }
        return b.toString();
    }

    /**
     * Round 1's chart of each engine at each rate: every 10 ms window's median and worst, the disturbance ({@code
     * kind}: "burst" or "gap") between grey lines from {@code startKey} to {@code endKey} of what the scenario saw,
     * and the threshold at {@code thresholdKey}.
     */
    static String windowCharts(java.nio.file.Path out, List<BenchmarkResult> results, String kind, String startKey,
                               String endKey, String thresholdKey, String thresholdLabel) {
        return windowCharts(out, results, kind, startKey, endKey, kind + " starts", kind + " ends", thresholdKey,
                thresholdLabel);
    }

    /** As the other, the marks labelled {@code startLabel} and {@code endLabel}. */
    static String windowCharts(java.nio.file.Path out, List<BenchmarkResult> results, String kind, String startKey,
                               String endKey, String startLabel, String endLabel, String thresholdKey,
                               String thresholdLabel) {
        StringBuilder b = new StringBuilder("\n## Latency over time, round 1\n\n");
        int drawn = 0;
        for (BenchmarkResult r : results) {
            if (!Integer.valueOf(1).equals(r.labels().get("round"))
                    || !(r.labels().get(org.fixbench.cli.results.BurstTable.SCENARIO_RUNS) instanceof List<?> runs)
                    || runs.isEmpty() || !(runs.get(0) instanceof Map<?, ?> seen)) {
                continue;
            }
            String label = String.valueOf(r.labels().get(SlowConsumerTable.ENGINE_LABEL));
            long rate = r.labels().get(org.fixbench.cli.results.BurstTable.BASE_RATE_LABEL) instanceof Number n
                    ? n.longValue() : r.config().targetRatePerSecond();
            String title = "burst".equals(kind) ? String.format(Locale.ROOT, "%s at %,d msgs/s, %,d/s in the burst",
                    label, rate, rate * ((Number) seen.get(org.fixbench.cli.results.BurstTable.FACTOR)).longValue())
                    : String.format(Locale.ROOT, "%s at %,d msgs/s", label, rate);
            String name = kind + "-" + org.fixbench.harness.ResultsWriter.safeName(label) + "-" + rate;
            java.nio.file.Path png = org.fixbench.cli.report.Charts.writeWindowsChart(out, name,
                    title + ": round trips per 10 ms", seen, startKey, endKey, startLabel, endLabel, thresholdKey,
                    thresholdLabel);
            if (png != null) {
                b.append("![").append(label).append(" at ").append(rate).append("/s](")
                        .append(png.toString().replace('\\', '/')).append(")\n\n");
                drawn++;
            }
        }
        b.append("Each chart: the median (solid) and worst (dashed) round trip of the orders due in each 10 ms window "
                + "of round 1's run, the " + thresholdLabel + " (dotted), the grey lines at " + startLabel + " and "
                + endLabel + "; a window none of whose orders was answered is left blank.\n");
        return drawn == 0 ? "" : b.toString();
    }

    /** Round 1's chart of each engine at each rate, as markdown (the other rounds' logs are in the folder). */
    static String charts(java.nio.file.Path folder, java.nio.file.Path out, List<BenchmarkResult> results,
                         long stallNanos, boolean slowClient) {
        StringBuilder b = new StringBuilder("\n## Latency over time, round 1\n\n");
        List<org.fixbench.cli.results.SummaryFile.Result> read = org.fixbench.cli.results.SummaryFile.load(folder);
        int drawn = 0;
        for (BenchmarkResult r : results) {
            if (!Integer.valueOf(1).equals(r.labels().get("round"))) {
                continue;
            }
            var result = read.stream().filter(x -> x.name().equals(r.name())).findFirst().orElse(null);
            int stalled = r.labels().get(SlowConsumerTable.SCENARIO_RUNS) instanceof List<?> seen ? seen.stream()
                    .filter(m -> m instanceof Map<?, ?> mm && Boolean.TRUE.equals(mm.get(SlowConsumerTable.STALLED)))
                    .mapToInt(m -> ((Number) ((Map<?, ?>) m).get(SlowConsumerTable.RUN)).intValue()).findFirst()
                    .orElse(-1) : -1;
            if (result == null || stalled < 0) {
                continue;
            }
            String name = "stall-" + org.fixbench.harness.ResultsWriter.safeName(result.label()) + "-"
                    + result.targetRate();
            java.nio.file.Path png = org.fixbench.cli.report.Charts.writeStallChart(folder, out, result, stalled,
                    STALL_DELAY_MILLIS / 1e3, STALL_DELAY_MILLIS / 1e3 + stallNanos / 1e9, name, slowClient);
            if (png != null) {
                b.append("![").append(result.label()).append(" at ").append(result.targetRate()).append("/s");
                b.append(slowClient ? " (the others)" : "").append("](")
                        .append(png.toString().replace('\\', '/')).append(")\n\n");
                drawn++;
            }
        }
        b.append(slowClient ? "Each chart: p99 (solid) and worst (dashed) of the other sessions' round trips (the "
                + "harness's; the slow client's are not among them) in each second of schedule, both runs of round 1, "
                + "named by the others' rate; the grey dotted lines mark the stall in the stalled run.\n"
                : "Each chart: p99 (solid) and worst (dashed) of every session's round trips in each second of "
                + "schedule, both runs of round 1; the grey dotted lines mark the stall in the stalled run (the "
                + "slow session's own reports are among these, a tenth of them with 10 sessions: the others alone "
                + "are in the table).\n");
        return drawn == 0 ? "" : b.toString();
    }

    /**
     * A scenario stopped by a signal: the benchmarks measured so far written, and a report that says it is partial
     * (charts left out: a signal leaves seconds, not minutes). Forked processes are stopped by their own hook.
     */
    static void writePartial(BenchmarkSession session, List<BenchmarkResult> soFar) {
        try {
            String reason = "interrupted by a signal (Ctrl-C or SIGTERM): a PARTIAL scenario, " + soFar.size()
                    + " benchmark(s) so far";
            session.environment.put("partial", reason);
            if (!session.writeInstead(new ArrayList<>(soFar))) {
                return; // it had ended and wrote its own results
            }
            Map<String, Object> env = session.environmentNow();
            Map<?, ?> scenario = (Map<?, ?>) env.get("scenario");
            if (BURST.equals(scenario.get("name")) || RESEND_STORM.equals(scenario.get("name"))
                    || SERVER_RESTART.equals(scenario.get("name"))) {
                org.fixbench.harness.AtomicFiles.writeString(session.folder.resolve("report.md"),
                        BURST.equals(scenario.get("name")) ? renderBurst(env, new ArrayList<>(soFar), null, reason)
                                : RESEND_STORM.equals(scenario.get("name"))
                                ? renderResendStorm(env, new ArrayList<>(soFar), null, reason)
                                : renderServerRestart(env, new ArrayList<>(soFar), null, reason));
                System.err.println("fixbench: " + reason + "; written to " + session.folder);
                return;
            }
            String report = report(String.valueOf(env.get(ResultLabels.COMMAND)), env, SlowConsumerTable.of(soFar),
                    ((Number) scenario.get("sessions")).intValue(),
                    ((Number) scenario.get("stallMillis")).longValue() * 1_000_000L,
                    ((Number) scenario.get("runMillis")).longValue() * 1_000_000L,
                    windowBytes(scenario), slowClient(scenario), reason);
            org.fixbench.harness.AtomicFiles.writeString(session.folder.resolve("report.md"), report.replaceFirst(
                    "^# fixbench scenario: slow-consumer", "# fixbench scenario: slow-consumer (PARTIAL: interrupted)"));
            System.err.println("fixbench: " + reason + "; written to " + session.folder);
        } catch (IOException | RuntimeException e) {
            System.err.println("fixbench: interrupted; the results so far could not be written: " + e);
        }
    }

    /** Whether a results folder's environment is a scenario's (its report is {@link #render}'s). */
    static boolean isScenario(Map<String, Object> env) {
        return env.get("scenario") instanceof Map<?, ?> m && (SLOW_CONSUMER.equals(m.get("name"))
                || BURST.equals(m.get("name")) || RESEND_STORM.equals(m.get("name"))
                || SERVER_RESTART.equals(m.get("name")));
    }

    /** The scenario's report from its folder (charts into {@code out/charts}); the same whoever calls it. */
    static String render(org.fixbench.harness.ResultsReader.Read read, java.nio.file.Path folder,
                         java.nio.file.Path out) {
        Map<String, Object> env = read.environment();
        Map<?, ?> scenario = (Map<?, ?>) env.get("scenario");
        if (BURST.equals(scenario.get("name"))) {
            return renderBurst(env, read.results(), out, env.get("partial") == null ? null
                    : String.valueOf(env.get("partial")));
        }
        if (RESEND_STORM.equals(scenario.get("name"))) {
            return renderResendStorm(env, read.results(), out, env.get("partial") == null ? null
                    : String.valueOf(env.get("partial")));
        }
        if (SERVER_RESTART.equals(scenario.get("name"))) {
            return renderServerRestart(env, read.results(), out, env.get("partial") == null ? null
                    : String.valueOf(env.get("partial")));
        }
        long stallNanos = ((Number) scenario.get("stallMillis")).longValue() * 1_000_000L;
        long runNanos = ((Number) scenario.get("runMillis")).longValue() * 1_000_000L;
        int sessions = ((Number) scenario.get("sessions")).intValue();
        int windowBytes = windowBytes(scenario);
        Object stop = env.get(ResultLabels.STOP_REASON);
        String command = String.valueOf(env.getOrDefault(ResultLabels.COMMAND, "(not recorded)"));
        List<BenchmarkResult> results = read.results();
        return report(command, env, SlowConsumerTable.of(results, folder), sessions, stallNanos, runNanos, windowBytes,
                slowClient(scenario), stop == null ? null : String.valueOf(stop)) + charts(folder, out, results, stallNanos,
                slowClient(scenario));
    }

    /** Whether the slow session was a client of its own (from 2026-11-28), not a relay's stalled link. */
    private static boolean slowClient(Map<?, ?> scenario) {
        return scenario.containsKey("slowClientReceiveBufferBytes");
    }

    private static int windowBytes(Map<?, ?> scenario) {
        Object w = scenario.containsKey("slowClientReceiveBufferBytes") ? scenario.get("slowClientReceiveBufferBytes")
                : scenario.get("relayReceiveBufferBytes");
        return ((Number) w).intValue();
    }

    static String report(String command, Map<String, Object> env, List<SlowConsumerTable.Row> rows, int sessions,
                         long stallNanos, long runNanos, int windowBytes, boolean slowClient, String stopReason) {
        StringBuilder b = new StringBuilder("# fixbench scenario: slow-consumer\n\n");
        b.append("Command: `").append(command).append("`\n\n");
        b.append(String.format(Locale.ROOT, "Machine: %s; commit %s.%n%n", env.getOrDefault("cpuModel", "?"),
                env.getOrDefault("gitCommit", "?")));
        if (stopReason != null) {
            b.append("**Stopped early:** ").append(stopReason).append("\n\n");
        }
        if (slowClient) {
            b.append(String.format(Locale.ROOT, "%d FIX sessions against one server. Session 1 is the slow consumer: "
                    + "a plain client on a connection of its own, with a receive buffer of %,d bytes (the kernel "
                    + "doubles it), sending the benchmark's NewOrderSingle at its own rate (\"rate: others + slow\") "
                    + "from its Logon to the end. The engine's own client carries sessions 2-%d, measured by the "
                    + "harness as `compare` measures. Each round gives each engine a fresh pair of JVMs and two "
                    + "measured runs of %.1f s; in one of them (the second in odd rounds, the first in even ones) the "
                    + "slow client stops reading its socket for %.1f s from 1 s into the run, and goes on sending: "
                    + "orders that come due while its own %,d-byte buffer is full (the server not taking them) are not "
                    + "sent, and counted. Nothing stands between the slow client and the server.%n%n", sessions,
                    windowBytes, sessions, runNanos / 1e9, stallNanos / 1e9, org.fixbench.cli.run.SlowClient.OUT_BYTES));
            b.append(String.format(Locale.ROOT, "The verdict says first whether any order of the other sessions was "
                    + "never answered, in either run of the pair (the stalled run goes on 1 s after the stall; an "
                    + "order still unanswered when its run has ended and its late answers were waited for is lost): that is the worst outcome. Then what the "
                    + "engine did with the slow session, read at the stall's end (`/proc/net/tcp`): the server closed "
                    + "its connection (disconnected), left unread a tenth or more of the orders that came due during "
                    + "the stall (back-pressured: in its socket, in the client's buffer, or not sent), or read them "
                    + "(its reports then wait in the kernel, or in the engine, whose resident set shows it). Then, "
                    + "when no order of the others was lost: when the others' worst round trip in the stalled run "
                    + "reaches %.0f%% of the stall (median over rounds) the engine *held up the others*, else it "
                    + "*isolated the slow session*; the ratio of their p99s (stalled run over its quiet pair) is given "
                    + "beside it.%n%n", SlowConsumerTable.HELD_UP_SHARE * 100));
        } else {
            b.append(String.format(Locale.ROOT, "%d FIX sessions share the rate. Each round gives each engine a fresh "
                    + "pair of JVMs and two measured runs of %.1f s; in one of them (the second in odd rounds, the "
                    + "first in even ones) session 1's reports are left unread for %.1f s from 1 s into the run: every "
                    + "session's connection goes through a relay in the client's JVM, which stops reading that "
                    + "session's connection from the server (its receive buffer: %,d bytes, as the kernel doubles it) "
                    + "while its orders still go on as its client sends them. The relay is in both runs, so its cost "
                    + "is in both; the latencies here are not comparable with `compare`'s.%n%n", sessions,
                    runNanos / 1e9, stallNanos / 1e9, windowBytes));
            b.append("**Superseded** (2026-11-28): through the relay, the slow session's orders stopped reaching the "
                    + "server while the relay left its reports unread, so an engine that blocks on a write that "
                    + "cannot complete was never made to (docs/GUIDE.md, \"Scenarios\"). The slow session is now a "
                    + "plain client of its own.\n\n");
            b.append(String.format(Locale.ROOT, "What the engine did with the slow session is read at the stall's end "
                    + "(`/proc/net/tcp`): the server closed its connection (disconnected), left unread a tenth or more "
                    + "of the orders the session sent during the stall (back-pressured), or read them (its reports "
                    + "then wait in the kernel, or in the engine, whose resident set shows it). The others' p99 and "
                    + "worst are the lossless sum of sessions 2-%d's own series. When the others' worst round trip in "
                    + "the stalled run reaches %.0f%% of the stall (median over rounds) the engine *held up the "
                    + "others*, else it *isolated the slow session*; the ratio of their p99s (stalled run over its "
                    + "quiet pair) is given beside it.%n%n", sessions, SlowConsumerTable.HELD_UP_SHARE * 100));
        }
        b.append(SlowConsumerTable.markdown(rows)).append('\n');
        b.append("Per round: quiet → stall. Orders lost are counted per run, quiet / stall (none is dropped "
                + "silently: an order unanswered when its run ended is lost). The server's resident set (VmRSS) is "
                + "read every 0.5 s in each run; its growth is its peak less its first reading. Its heap is what "
                + "its garbage collector found in use before each collection that ended within the run (its JVM's "
                + "log, `jvm-logs/`), the most of them; \"-\": no collection in that run. When the server "
                + "closed the slow session is known within 0.5 s (its socket is looked up that often, no more: each "
                + "look takes a CPU from the engine's threads on a small machine). The TCP retransmission timeouts "
                + "are this host's in each run (`/proc/net/netstat`, TCPTimeouts): where a stalled run has them, how "
                + "late the slow session's reports came after the stall is TCP's doing as much as the engine's.\n\n");
        b.append("Not measured yet (issue 40): heap and direct memory apart (the resident set holds both).\n");
        return b.toString();
    }
}
