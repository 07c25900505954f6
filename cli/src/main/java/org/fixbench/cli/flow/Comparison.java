package org.fixbench.cli.flow;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.fixbench.cli.options.Hosts;
import org.fixbench.cli.options.Rates;
import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.options.Slo;
import org.fixbench.cli.report.ComparisonReport;
import org.fixbench.cli.report.FolderReport;
import org.fixbench.cli.results.ComparisonRecord;
import org.fixbench.cli.results.QueueRule;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.cli.run.BenchmarkSession;
import org.fixbench.cli.run.Contender;
import org.fixbench.cli.run.EngineEnvironment;
import org.fixbench.cli.run.KneeSearch;
import org.fixbench.cli.run.Sweep;
import org.fixbench.cli.run.SweepOutcome;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.FixEngine;
import org.fixbench.harness.api.HarnessException;
import org.fixbench.harness.machine.CpuTimes;

/**
 * A comparison: engines side by side at each rate, measured, written and reported. {@code compare} runs one from its
 * options, {@code tune} one of a baseline and its variants; both fill the fields and call {@link #run}.
 */
public final class Comparison {

    public RunOptions options;

    /** The command recorded with the results, as the user typed it. */
    public String commandLine;
    /** Where the command's errors go. */
    public java.io.PrintWriter err = new java.io.PrintWriter(System.err, true);
    /** The command's own arguments (what a client host of --cluster is handed comes from them). */
    public List<String> originalArgs = List.of();
    /** Whether --sessions was given. */
    public boolean sessionsGiven;
    /** Environment entries recorded before anything runs (a tuning session's baseline and variants). */
    public Map<String, Object> extraEnvironment = Map.of();

    public String engines;

    public String rates = "2000,10000,50000";

    public String bind;

    public String knee;

    public boolean interleave = true;
    /** Whether the harness's own floor is measured first ({@code --no-harness-floor}: not). */
    public boolean harnessFloor = true;

    public Long seed;

    public String pairs;

    public String server;

    public java.nio.file.Path cluster;

    public String identities;

    public java.nio.file.Path gateDir;

    public long connectTimeoutNanos = 10_000_000_000L;

    public Integer run() throws IOException {
        options.pinByDefault();
        if (pairs != null && engines != null) {
            throw new IllegalArgumentException("--pairs and --engines: give one or the other");
        }
        List<Contender> contenders = pairs != null ? Contender.parsePairs(pairs)
                : (engines == null ? defaultEngines() : EngineSpec.parseList(engines)).stream().map(Contender::of)
                        .toList();
        AcrossHosts.Cluster clusterFile = null;
        if (cluster != null) {
            clusterFile = AcrossHosts.find().read(cluster);
            refuseWithCluster();
            for (Contender c : contenders) {
                refuseTlsAcrossHosts(List.of(c.client(), c.server()));
            }
        }
        int[] identityRange = identities(identities); // checked before anything runs
        String fileAddress = null;
        for (Contender c : contenders) { // a server that already runs where its profile says (a gateway's file)
            String a = c.server().engine().runningServerAddress(c.server(), server != null);
            if (a != null && contenders.size() != 1) {
                throw new IllegalArgumentException(c.server().label() + " runs at " + a + " (its file's address): "
                        + "measure it alone, as with --server");
            }
            fileAddress = a != null ? a : fileAddress;
        }
        java.net.InetSocketAddress remote = server != null ? Hosts.remote(server)
                : fileAddress != null ? Hosts.remote(fileAddress) : null;
        if (remote != null && contenders.size() != 1) {
            throw new IllegalArgumentException("--server drives one server: name exactly one engine with --engines "
                    + "(the engine `fixbench serve` runs there)");
        }
        List<EngineSpec> specs = contenders.stream().map(Contender::client).toList();
        List<Long> rateList = Rates.parse(rates);
        Slo kneeSlo = knee == null ? null : Slo.parse(knee, "--knee");
        Sweep.planContenders(options, contenders, rateList, Sweep.DEFAULT_RUN_NANOS, Sweep.DEFAULT_WARMUP_NANOS);
        boolean forks = options.forks();
        int clusterSessions = 0;
        if (clusterFile != null) {
            boolean given = sessionsGiven;
            clusterSessions = given ? options.sessions() : clusterFile.clients().size();
            clusterFile.check(rateList, clusterSessions);
        }
        options.failOnStatuses(); // validated before anything runs
        options.profile();
        InetAddress bindAddress = Hosts.bindAddress(bind);

        BenchmarkSession session = new BenchmarkSession(options, System.out);
        String command = commandLine;
        session.environment.put(ResultLabels.COMMAND, command);
        session.environment.putAll(extraEnvironment);
        session.environment.put(ComparisonRecord.ENGINES, EngineEnvironment.describe(contenders.stream()
                .flatMap(c -> java.util.stream.Stream.of(c.client(), c.server())).distinct().toList()));
        session.environment.put(ComparisonRecord.PROCESSES, remote != null
                ? "the harness and each engine client forked per run" + (forks ? "" : " (here: --fork none)")
                        + "; the server remote at " + server + ", started there by the user; legs not measured"
                : forks ? "forked: each benchmark run's server in a JVM of its own, the harness with the client in "
                        + "another; this process only orchestrates"
                : "one JVM (--fork none): harness, every engine's client and server in this process, one after another");
        long orderSeed = seed != null ? seed : System.nanoTime();
        session.environment.put(ComparisonRecord.RUN_ORDER, interleave
                ? "interleaved: round by round, every engine in a fresh engine pair per round, warmed up until the "
                        + "JIT compilers of both JVMs were quiet, then one run at each rate, highest first, each after "
                        + "settling at its rate; engines in an order shuffled per round (seed " + orderSeed + "); each "
                        + "engine's pair next to a raw-TCP pair, whose run at each rate is its pair for the overhead"
                : "grouped: each engine x rate did its runs one after another, after one warm-up, in one engine pair");
        AcrossHosts.Rounds clustered = null;
        if (clusterFile != null) {
            clustered = clusterFile.comparison(session, options, clusterSessions, Hosts.hostArgs(originalArgs));
            session.environment.put(ComparisonRecord.PROCESSES, "across hosts (" + cluster + "): each engine's server in a JVM of "
                    + "its own on the server host " + clusterFile.server() + ", per round; on each client host ("
                    + String.join(", ", clusterFile.clients()) + ") a comparison of that engine against it at the "
                    + "host's share, its client forked per run; this process only orchestrates");
            session.environment.put(ComparisonRecord.RUN_ORDER, "interleaved across hosts: round by round, every engine a fresh "
                    + "server and fresh clients per round, in an order shuffled per round (seed " + orderSeed + "), "
                    + "each engine next to a raw-TCP turn on the same hosts, whose run at each rate is its pair");
        } else if (gateDir != null) {
            // a client host's turn of a comparison across hosts: the orchestrating command's merge and report read
            // no host's floor, and measuring it took each host 2 s of every turn (2026-12-02)
            session.environment.put(ComparisonRecord.HARNESS_FLOOR_NOTE, "not measured: a client host's turn of a comparison across "
                    + "hosts");
        } else if (!harnessFloor) {
            session.environment.put(ComparisonRecord.HARNESS_FLOOR_NOTE, "not measured: --no-harness-floor");
        } else {
            session.calibrateFloor(options, rateList);
        }
        writeEnvironment(session);

        Sweep sweep = new Sweep(session, options, bindAddress, Duration.ofNanos(connectTimeoutNanos))
                .interleave(interleave).seed(orderSeed).fork(forks).remoteServer(remote);
        if (identities != null || gateDir != null) {
            sweep.clusterMember(identityRange[0], identityRange[1], gateDir == null ? null : gateDir.toAbsolutePath());
        }
        AcrossHosts.Rounds across = clustered;
        java.util.function.Supplier<List<org.fixbench.harness.results.BenchmarkResult>> soFar = across != null
                ? across::resultsSoFar : sweep::resultsSoFar;
        CpuTimes before = CpuTimes.read();
        java.util.concurrent.atomic.AtomicBoolean completed = new java.util.concurrent.atomic.AtomicBoolean();
        Thread partial = new Thread(() -> {
            if (!completed.get()) {
                writePartial(session, command, contenders, rateList, soFar);
                if (across != null) {
                    across.close(); // every JVM it started on the hosts stopped, their folders removed
                }
                org.fixbench.engine.Directories.removeOwn(); // engines run in this JVM leave nothing behind
            }
        }, "fixbench-partial-results");
        Runtime.getRuntime().addShutdownHook(partial); // Ctrl-C or SIGTERM: keep what was measured
        SweepOutcome outcome;
        try {
            outcome = across != null ? across.run(contenders, rateList, options.runs(), orderSeed)
                    : sweep.runContenders(contenders, rateList);
        } finally {
            if (across != null) {
                across.close(); // every JVM it started on the hosts stopped, their folders removed
            }
            completed.set(true);
            try {
                Runtime.getRuntime().removeShutdownHook(partial);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or ran
            }
        }
        List<KneeSearch.Outcome> knees = new java.util.ArrayList<>();
        if (kneeSlo != null && outcome.stopReason() == null) {
            for (EngineSpec spec : specs) {
                knees.add(KneeSearch.measured(session, options, spec, kneeSlo, 1_000, 200_000, 6));
            }
        }
        synchronized (session) {
            List<org.fixbench.harness.results.BenchmarkResult> judged = QueueRule.apply(session.results);
            session.results.clear();
            session.results.addAll(judged);
        }
        double steal = CpuTimes.read().stealPercentSince(before);
        session.environment.put(ComparisonRecord.STEAL_PERCENT, Double.isFinite(steal) ? steal : null);
        List<String> labels = contenders.stream().map(Contender::label).toList();
        session.environment.put(ResultLabels.COMPARED_LABELS, labels);
        session.environment.put(ResultLabels.COMPARED_RATES, rateList);
        session.environment.put(ResultLabels.COMPARED_RESULTS, session.results.size()
                - knees.stream().mapToInt(k -> k.steps().size()).sum());
        if (outcome.stopReason() != null) {
            session.environment.put(ResultLabels.STOP_REASON, outcome.stopReason());
        }
        if (!outcome.leftOut().isEmpty()) {
            session.environment.put(ResultLabels.LEFT_OUT, outcome.leftOut());
        }
        session.writeResults();

        // the report and its charts are made from the folder, as `fixbench report` makes them again
        List<org.fixbench.cli.report.doc.Block> kneeSection = new ArrayList<>();
        if (!knees.isEmpty()) {
            List<org.fixbench.cli.report.doc.Block> each = new ArrayList<>();
            knees.forEach(o -> each.addAll(o.blocks()));
            kneeSection.add(new org.fixbench.cli.report.doc.Block.Section(2, "Knee: highest rate within "
                    + kneeSlo.text(), each));
        }
        // a client host's turn of a comparison across hosts draws no charts (the orchestrating command draws the
        // comparison's; `fixbench report` draws a host folder's), unless --derived-files (SVG charts among them) asks
        boolean charts = gateDir == null || options.derivedFiles();
        org.fixbench.cli.report.doc.Document report = FolderReport.document(session.folder, session.folder,
                options.derivedFiles(), kneeSection, charts);
        ComparisonReport.write(session.folder, report);
        System.out.println();
        System.out.println(org.fixbench.cli.report.doc.ConsoleWriter.write(report));
        int status = session.finish(options.failOnStatuses());
        for (String why : outcome.leftOut()) {
            err.println("fixbench: left out after ending early, the comparison went on without it: " + why);
        }
        if (outcome.stopReason() != null) {
            err.println("fixbench: comparison stopped early: "
                    + outcome.stopReason());
            return org.fixbench.cli.options.ExitStatus.STOPPED;
        }
        if (!outcome.leftOut().isEmpty()) {
            return org.fixbench.cli.options.ExitStatus.STOPPED; // not everything planned ran
        }
        return status;
    }

    /** What --cluster does not do (yet), refused in one line before anything runs. */
    private void refuseWithCluster() {
        if (server != null) {
            throw new IllegalArgumentException("--cluster and --server: the cluster file names the server host");
        }
        if (pairs != null) {
            throw new IllegalArgumentException("--cluster does not run --pairs (one engine's client against "
                    + "another's server) yet");
        }
        if (knee != null) {
            throw new IllegalArgumentException("--cluster with --knee: search each engine with `knee --cluster`");
        }
        if (!interleave) {
            throw new IllegalArgumentException("--cluster runs round by round: --no-interleave is not offered");
        }
        if (!options.forks()) {
            throw new IllegalArgumentException("--cluster forks every role on its host: --fork none is not offered");
        }
        if (options.profile() != null) {
            throw new IllegalArgumentException("--cluster does not --profile yet");
        }
        if (bind != null) {
            throw new IllegalArgumentException("--cluster: the server binds the server host's address; --bind is "
                    + "not for it");
        }
        String workload = options.workloadSpec();
        if (!workload.equals("fixed") && !workload.startsWith("mixed")) {
            throw new IllegalArgumentException("--cluster sends fixed or mixed[:SEED] orders; a workload file is "
                    + "not shipped to the hosts yet");
        }
    }

    /** FIRST/TOTAL: the sessions' first identity (0-based) and how many identities the server accepts. */
    public static int[] identities(String text) {
        if (text == null) {
            return new int[] {0, 0};
        }
        String[] parts = text.split("/");
        try {
            int first = Integer.parseInt(parts[0].trim());
            int total = Integer.parseInt(parts[1].trim());
            if (parts.length == 2 && first >= 0 && total > first) {
                return new int[] {first, total};
            }
        } catch (RuntimeException e) {
            // below
        }
        throw new IllegalArgumentException("--identities must be FIRST/TOTAL, e.g. 0/2 (was '" + text + "')");
    }

    public static List<EngineSpec> defaultEngines() {
        List<EngineSpec> specs = new ArrayList<>();
        Map<String, FixEngine> available = EngineSpec.available();
        FixEngine tcp = available.remove("tcp");
        if (tcp != null) {
            tcp.comparisonProfiles().forEach(p -> specs.add(new EngineSpec(tcp, p)));
        }
        available.values().forEach(e -> e.comparisonProfiles().forEach(p -> specs.add(new EngineSpec(e, p))));
        return specs;
    }

    /**
     * A comparison stopped by a signal: the results measured so far, and a report that says it is partial (charts
     * left out: a signal leaves seconds, not minutes). Forked processes are stopped by their own hook.
     */
    public static void writePartial(BenchmarkSession session, String command, List<Contender> contenders, List<Long> rates,
                             java.util.function.Supplier<List<org.fixbench.harness.results.BenchmarkResult>> sweep) {
        try {
            if (session.written()) {
                return; // the comparison had ended and is writing its own report
            }
            List<org.fixbench.harness.results.BenchmarkResult> soFar = sweep.get();
            String reason = "interrupted by a signal (Ctrl-C or SIGTERM): a PARTIAL comparison, " + soFar.size()
                    + " engine x rate result(s) so far";
            session.environment.put(ComparisonRecord.PARTIAL, reason);
            if (!session.writeInstead(soFar)) {
                return; // the comparison had ended and wrote its own results
            }
            org.fixbench.cli.report.doc.Document report = ComparisonReport.document(ComparisonReport.Frame.COMPARISON
                    .titled("fixbench comparison (PARTIAL: interrupted)"), command, session.environmentNow(),
                    contenders.stream().map(Contender::label).toList(), rates, soFar, reason,
                    org.fixbench.cli.report.ChartSet.NONE, null);
            ComparisonReport.write(session.folder, report);
            System.err.println("fixbench: " + reason + "; written to " + session.folder);
        } catch (RuntimeException e) {
            System.err.println("fixbench: interrupted; the results so far could not be written: " + e);
            if (Boolean.getBoolean("fixbench.debug")) {
                e.printStackTrace();
            }
        }
    }

    private static void writeEnvironment(BenchmarkSession session) {
        try {
            org.fixbench.harness.results.AtomicFiles.writeString(session.folder.resolve("environment.json"),
                    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(session.environmentNow()));
        } catch (IOException e) {
            throw new HarnessException("cannot write environment.json: " + e.getMessage(), e);
        }
    }

    /**
     * Refuses TLS across hosts (compare, tune and knee with {@code --cluster}): each host would make its run's
     * certificates, which the other hosts do not trust. @throws IllegalArgumentException (one line) naming the first
     * engine whose sessions speak TLS
     */
    public static void refuseTlsAcrossHosts(List<EngineSpec> specs) {
        for (EngineSpec spec : specs) {
            if (spec.engine().tls(spec.profileFile()) != org.fixbench.engine.Tls.NONE) {
                throw new IllegalArgumentException("--cluster does not run TLS yet (" + spec.label()
                        + "): each host would make certificates the others do not trust");
            }
        }
    }
}
