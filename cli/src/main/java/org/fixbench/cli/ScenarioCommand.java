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
import org.fixbench.cli.results.Scenarios;
import org.fixbench.cli.results.SlowConsumerTable;
import org.fixbench.cli.report.ScenarioReport;
import org.fixbench.cli.run.BenchmarkSession;
import org.fixbench.cli.run.Contender;
import org.fixbench.cli.run.EngineEnvironment;
import org.fixbench.cli.run.ForkedRun;
import org.fixbench.cli.run.SlowConsumer;
import org.fixbench.cli.run.Sweep;
import org.fixbench.engine.EngineSpec;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.api.HarnessConfig;
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
    /** Each option that belongs to one scenario only, and that scenario: refused for the others. */
    static final Map<String, String> ONLY_FOR = Map.of("--stall", Scenarios.SLOW_CONSUMER, "--window", Scenarios.SLOW_CONSUMER,
            "--slow-rate", Scenarios.SLOW_CONSUMER, "--burst", Scenarios.BURST, "--factor", Scenarios.BURST, "--gap", Scenarios.RESEND_STORM, "--by", Scenarios.RESEND_STORM);
    /** How far into a server-restart run the server is killed, and how long the run goes on after (at least). */
    static final long KILL_DELAY_MILLIS = 2_000;
    static final long AFTER_KILL_MILLIS = 6_000;
    /** How long a resend-storm run goes on after its gap (at least); it starts {@link Scenarios#GAP_DELAY_MILLIS} in. */
    static final long AFTER_GAP_MILLIS = 5_000;
    /** How long a burst run goes on after the burst, unless --duration says longer. */
    static final long AFTER_BURST_MILLIS = 3_000;
    /** Options every measuring command shares that a scenario does not honour: refused rather than ignored. */
    static final List<String> NOT_FOR_SCENARIO = List.of("--profile", "--fail-on", "--skip-first-run");

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
        if (!Scenarios.NAMES.contains(name)) {
            throw new IllegalArgumentException("unknown scenario '" + name + "' (built: " + Scenarios.BUILT + ")");
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
        if (Scenarios.BURST.equals(name)) {
            return burst();
        }
        if (Scenarios.RESEND_STORM.equals(name)) {
            return resendStorm();
        }
        if (Scenarios.SERVER_RESTART.equals(name)) {
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
        long leastRunNanos = Scenarios.STALL_DELAY_MILLIS * 1_000_000L + stallNanos + AFTER_STALL_NANOS;
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
        scenario.put("name", Scenarios.SLOW_CONSUMER);
        scenario.put("sessions", sessions);
        scenario.put("stallMillis", stallNanos / 1_000_000);
        scenario.put("stallStartMillisIntoRun", Scenarios.STALL_DELAY_MILLIS);
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
            return forked.scenario(new SlowConsumer.Plan(stallRun, Scenarios.STALL_DELAY_MILLIS, stallNanos / 1_000_000,
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
     * #Scenarios.BURST_DELAY_MILLIS} at the rate, the burst, and the rest of the run at the rate again.
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
        long leastRunMillis = Scenarios.BURST_DELAY_MILLIS + burstMillis + AFTER_BURST_MILLIS;
        long runMillis = Math.max(leastRunMillis, options.runNanosOr(leastRunMillis * 1_000_000L) / 1_000_000);
        long afterMillis = runMillis - Scenarios.BURST_DELAY_MILLIS - burstMillis;
        List<EngineSpec> specs = EngineSpec.parseList(engines == null ? DEFAULT_ENGINES : engines);
        List<Long> rateList = Rates.parse(rates);
        Map<Long, org.fixbench.cli.run.Burst.Plan> plans = new LinkedHashMap<>();
        for (long rate : rateList) {
            org.fixbench.cli.run.Burst.Plan plan = new org.fixbench.cli.run.Burst.Plan(rate, factor,
                    Scenarios.BURST_DELAY_MILLIS, burstMillis, afterMillis);
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
        scenario.put("name", Scenarios.BURST);
        scenario.put("sessions", sessions);
        scenario.put("factor", factor);
        scenario.put("burstMillis", burstMillis);
        scenario.put("burstStartMillisIntoRun", Scenarios.BURST_DELAY_MILLIS);
        scenario.put("runMillis", runMillis);
        scenario.put("windowMillis", org.fixbench.cli.results.BurstTable.WINDOW_NANOS / 1_000_000);
        scenario.put("what", String.format(Locale.ROOT, "each round, a fresh pair of JVMs and one measured run: %d ms "
                + "at the rate, %d ms at %d times it, %d ms at the rate again, on one drift-free schedule (every "
                + "order's latency from when it was due)", Scenarios.BURST_DELAY_MILLIS, burstMillis, factor, afterMillis));
        return rounds(scenario, specs, rateList, rounds, sessions, true, (forked, spec, rate, round, labels) -> {
            org.fixbench.cli.run.Burst.Plan plan = plans.get(rate);
            HarnessConfig config = options.configure(Sweep.benchmarkName(spec, rate) + "-round" + round,
                            plan.meanRatePerSecond(), runMillis * 1_000_000L, Sweep.DEFAULT_WARMUP_NANOS)
                    .runs(1).skipFirstRun(false).iterationsPerRun(plan.iterations()).pacing(plan.pacing())
                    .build();
            System.out.printf(Locale.ROOT, "%,d/s for %d ms from %.1f s into the run%n", rate * factor, burstMillis,
                    Scenarios.BURST_DELAY_MILLIS / 1e3);
            labels.put(org.fixbench.cli.results.BurstTable.BASE_RATE_LABEL, rate);
            return forked.scenario(plan).run(Contender.of(spec), config, labels, null);
        }, results -> org.fixbench.cli.results.BurstTable.of(results).stream().map(r -> Map.<String, Object>of(
                "engine", r.engine(), "rate", r.baseRate(), "verdict", r.verdict())).toList());
    }

    /**
     * The resend-storm scenario: each round gives every engine at every rate a fresh pair of JVMs, the usual warm-up
     * (with a practice gap) and one measured run: {@link Scenarios#GAP_DELAY_MILLIS} at the rate, then every message of the
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
        long leastRunMillis = Scenarios.GAP_DELAY_MILLIS + gapMillis + AFTER_GAP_MILLIS;
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
        org.fixbench.cli.run.ResendStorm.Plan plan = new org.fixbench.cli.run.ResendStorm.Plan(Scenarios.GAP_DELAY_MILLIS,
                gapMillis, cut);
        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("name", Scenarios.RESEND_STORM);
        scenario.put("sessions", sessions);
        scenario.put("gapMillis", gapMillis);
        if (cut) {
            scenario.put("gapBy", "cut");
        }
        scenario.put("gapStartMillisIntoRun", Scenarios.GAP_DELAY_MILLIS);
        scenario.put("runMillis", runMillis);
        scenario.put("windowMillis", org.fixbench.cli.results.BurstTable.WINDOW_NANOS / 1_000_000);
        scenario.put("what", cut ? String.format(Locale.ROOT, "each round, a fresh pair of JVMs and one measured run; "
                + "%d ms into it a relay in the client's JVM cuts the session's connection and refuses every new one "
                + "for %d ms, while orders keep coming on their schedule; the client logs on again with the session "
                + "it had", Scenarios.GAP_DELAY_MILLIS, gapMillis)
                : String.format(Locale.ROOT, "each round, a fresh pair of JVMs and one measured run; %d ms "
                + "into it a relay in the client's JVM loses every whole message of session 1, both ways, for %d ms, "
                + "its connection staying up, while orders keep coming on their schedule", Scenarios.GAP_DELAY_MILLIS,
                gapMillis));
        return rounds(scenario, specs, rateList, rounds, sessions, false, (forked, spec, rate, round, labels) -> {
            HarnessConfig config = options.configure(Sweep.benchmarkName(spec, rate) + "-round" + round, rate,
                    runMillis * 1_000_000L, Sweep.DEFAULT_WARMUP_NANOS).runs(1).skipFirstRun(false)
                    .runNanos(runMillis * 1_000_000L).build();
            System.out.printf(Locale.ROOT, cut ? "the session's connection cut and refused for %d ms from %.1f s into "
                    + "the run%n" : "session 1's messages lost both ways for %d ms from %.1f s into the run%n",
                    gapMillis, Scenarios.GAP_DELAY_MILLIS / 1e3);
            labels.put("gapMillis", gapMillis);
            return forked.scenario(plan).run(Contender.of(spec), config, labels, null);
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
        scenario.put("name", Scenarios.SERVER_RESTART);
        scenario.put("sessions", 1);
        scenario.put("killMillisIntoRun", KILL_DELAY_MILLIS);
        scenario.put("runMillis", runMillis);
        scenario.put("windowMillis", org.fixbench.cli.results.BurstTable.WINDOW_NANOS / 1_000_000);
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
            return forked.scenario(plan).run(Contender.of(spec), config, labels, null);
        }, results -> org.fixbench.cli.results.ServerRestartTable.of(results).stream().map(r -> Map.<String, Object>of(
                "engine", r.engine(), "rate", r.rate(), "verdict", r.verdict())).toList());
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
        String report = ScenarioReport.render(org.fixbench.harness.results.ResultsReader.read(session.folder), session.folder,
                session.folder);
        org.fixbench.harness.results.AtomicFiles.writeString(session.folder.resolve("report.md"), report);
        System.out.println();
        System.out.println(report);
        int status = session.finish(java.util.Set.of());
        if (stopReason != null) {
            System.err.println("fixbench: scenario stopped early: " + stopReason);
            return org.fixbench.cli.options.ExitStatus.STOPPED;
        }
        return status;
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
            org.fixbench.harness.results.AtomicFiles.writeString(session.folder.resolve("report.md"),
                    ScenarioReport.partial(env, new ArrayList<>(soFar), reason));
            System.err.println("fixbench: " + reason + "; written to " + session.folder);
        } catch (IOException | RuntimeException e) {
            System.err.println("fixbench: interrupted; the results so far could not be written: " + e);
        }
    }
}
