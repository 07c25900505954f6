package org.fixbench.cli.options;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.WaitStrategy;
import org.fixbench.harness.results.ResultsFolder;
import picocli.CommandLine.Option;

/** The options every measuring command shares. Values are checked when the configuration is built. */
public class RunOptions {
    @Option(names = "--runs", description = "measured runs (default: ${DEFAULT-VALUE}; tune: enough for a verdict)")
    int runs = 3;

    public int runs() {
        return runs;
    }

    /** Sets the number of runs (a command whose default differs, when --runs was not given). */
    public void runs(int n) {
        runs = n;
    }

    @Option(names = "--duration", converter = Durations.class, paramLabel = "DURATION",
            description = "length of each run, e.g. 5s (default: compare 3s; knee and example tcp-throughput 3s; "
                    + "calibrate and the other examples 2s)")
    Long runNanos;

    @Option(names = "--warmup", converter = Durations.class, paramLabel = "DURATION",
            description = "paced warm-up before the runs, in 4 passes (default: compare 2s; knee and example tcp-throughput 2s; "
                    + "calibrate and the other examples 1s)")
    Long warmupNanos;

    @Option(names = "--warmup-cap", converter = Durations.class, paramLabel = "DURATION",
            description = "after the paced warm-up, settling passes at the run's rate go on until the JIT compilers of "
                    + "both JVMs are quiet for 1 s (at most 1%% of it compiling), up to this long; a run that starts "
                    + "at the cap says so and names what was still compiling; 0s: no settling, and no run measured again "
                    + "for the JIT compiling in it (default: 40s)")
    Long warmupCapNanos;

    @Option(names = "--warmup-rate", paramLabel = "RATE",
            description = "rate of the warm-up's first three quarters (its last quarter runs at the benchmark's rate), "
                    + "so a low rate's engine is compiled before it is measured; never below the benchmark's rate "
                    + "(default: 10000)")
    String warmupRate;

    /** The default warm-up rate: with 2 s of warm-up, 15,000 round trips before the last quarter at any rate. */
    public static final long DEFAULT_WARMUP_RATE = 10_000;

    @Option(names = "--pause", converter = Durations.class, paramLabel = "DURATION",
            description = "pause between runs (default: none)")
    Long pauseNanos;

    @Option(names = "--wait", paramLabel = "spin|yield|backoff",
            description = "how the sending thread waits for its next send (default: ${DEFAULT-VALUE})")
    String wait = "backoff";

    @Option(names = "--pin", negatable = true,
            description = "pin threads with OpenHFT affinity (compare: on by default; others: off)")
    Boolean pin;

    @Option(names = "--cpus", split = ",", paramLabel = "CPU",
            description = "CPUs to pin to, in the order threads ask (harness thread first, then the server's, then "
                    + "the client receiver's); default with pinning: every CPU, highest first")
    int[] cpus = new int[0];

    /** Whether this command pins when neither --pin nor --no-pin is given. */
    private boolean pinByDefault;

    /** This command pins when neither --pin nor --no-pin is given (comparisons do). */
    public void pinByDefault() {
        pinByDefault = true;
    }

    @Option(names = "--skip-first-run", description = "leave run 1 out of summaries")
    boolean skipFirstRun;

    @Option(names = "--allow-concurrent", description = "run even while another measuring fixbench runs on this "
            + "machine (the results are marked disturbed)")
    boolean allowConcurrent;

    public boolean allowConcurrent() {
        return allowConcurrent;
    }

    @Option(names = "--fail-on", paramLabel = "SATURATED,FAILED", split = ",",
            description = "exit 1 when a run has one of these statuses (default: none: a command that completed and "
                    + "wrote its report exits 0; SATURATED and FAILED runs are findings, shown in the report)")
    List<String> failOn = new ArrayList<>();

    /** The run statuses that turn a completed command's exit status into 1 (validated). */
    public java.util.Set<org.fixbench.harness.verdict.RunStatus> failOnStatuses() {
        java.util.Set<org.fixbench.harness.verdict.RunStatus> statuses = java.util.EnumSet.noneOf(org.fixbench.harness.verdict.RunStatus.class);
        for (String s : failOn) {
            String name = s.trim().toUpperCase(java.util.Locale.ROOT);
            if (!name.equals("SATURATED") && !name.equals("FAILED")) {
                throw new IllegalArgumentException("--fail-on takes SATURATED and/or FAILED (was '" + s.trim() + "')");
            }
            statuses.add(org.fixbench.harness.verdict.RunStatus.valueOf(name));
        }
        return statuses;
    }

    @Option(names = "--fork", paramLabel = "process|none", description = "process (the default): every benchmark "
            + "run's server in a JVM of its own and the harness with the client in another, this process only "
            + "orchestrating; none: all in this JVM (for debugging; the report says so)")
    String fork = "process";

    @Option(names = "--derived-files", description = "also write what can be made again from the logs: per-run "
            + ".hgrm distributions and SVG charts beside the PNGs (default: the lossless logs, summaries and PNG charts "
            + "only; `fixbench report FOLDER --derived-files` makes them later)")
    boolean derivedFiles;

    /** Whether the derived files (per-run .hgrm, SVG charts) are written too. */
    public boolean derivedFiles() {
        return derivedFiles;
    }

    @Option(names = "--profile", paramLabel = "cpu|alloc|lock|wall|jfr", description = "profile the measured runs "
            + "(not the warm-up) in the JVM that measures (with --fork none: client and server; forked: the client): "
            + "an async-profiler flame graph, or a JFR recording, per benchmark and round, in profiles/ of the results "
            + "folder; the results say they were profiled")
    String profile;

    /** The profiler asked for, or null. @throws IllegalArgumentException one line, for an unknown one */
    public String profile() {
        return profile == null ? null : checkProfiler(profile);
    }

    /** What {@code --profile} takes. */
    public static final java.util.List<String> PROFILERS = java.util.List.of("cpu", "alloc", "lock", "wall", "jfr");

    /** @throws IllegalArgumentException one line, when {@code kind} is not one of {@link #PROFILERS} */
    public static String checkProfiler(String kind) {
        if (!PROFILERS.contains(kind)) {
            throw new IllegalArgumentException("--profile must be " + String.join(", ", PROFILERS) + " (was '" + kind
                    + "')");
        }
        return kind;
    }

    /** Whether benchmark runs go to processes of their own (--fork process). */
    public boolean forks() {
        return switch (fork) {
            case "process" -> true;
            case "none" -> false;
            default -> throw new IllegalArgumentException("--fork must be process or none (was '" + fork + "')");
        };
    }

    @Option(names = "--sessions", paramLabel = "N", description = "FIX sessions per benchmark, each its own "
            + "connection and SenderCompID against one server; the rate is their total, sent round robin "
            + "(default: ${DEFAULT-VALUE})")
    int sessions = 1;

    /** How many FIX sessions each benchmark opens (checked per engine when the sweep is planned). */
    public int sessions() {
        return sessions;
    }

    /** Sets the number of sessions (a command whose default differs, when --sessions was not given). */
    public void sessions(int n) {
        sessions = n;
    }

    /** The --duration given, or {@code defaultNanos}. */
    public long runNanosOr(long defaultNanos) {
        return runNanos != null ? runNanos : defaultNanos;
    }

    @Option(names = "--workload", paramLabel = "fixed|mixed[:SEED]|lifecycle[:R:C]|FILE|paced:FILE",
            description = "what each session sends: the one fixed limit order (default), a seeded mix of limit and "
            + "market orders, cancels and replaces (mixed: seed 1), each order's whole life (lifecycle: a resting "
            + "limit order, R replaces of it, and for C%% of the orders a cancel; 1 and 100 unless given), or the orders of a FIX log file, replayed in order, evenly at the rate "
            + "or (paced:FILE) with the gaps between their SendingTimes, stretched to the rate's mean")
    String workload = "fixed";
    private org.fixbench.engine.OrderFlow flow;

    /**
     * What each session sends ({@code --workload}), read once; a file is named by its absolute path so forked JVMs
     * read the same one.
     *
     * @throws IllegalArgumentException in one line when the value is not a workload (a file: naming its line)
     */
    public org.fixbench.engine.OrderFlow flow() {
        if (flow == null) {
            flow = org.fixbench.engine.OrderFlow.parse(workloadSpec());
        }
        return flow;
    }

    /** {@code --workload} as forked processes are given it: a file by its absolute path. */
    public String workloadSpec() {
        if (workload.equals("fixed") || workload.equals("mixed") || workload.startsWith("mixed:")
                || workload.equals(org.fixbench.engine.OrderFlow.LIFECYCLE)
                || workload.startsWith(org.fixbench.engine.OrderFlow.LIFECYCLE + ":")) {
            return workload;
        }
        String paced = org.fixbench.engine.OrderFlow.PACED;
        if (workload.startsWith(paced) && workload.length() > paced.length()) {
            return paced + java.nio.file.Path.of(workload.substring(paced.length())).toAbsolutePath();
        }
        return workload.startsWith(paced) ? workload : java.nio.file.Path.of(workload).toAbsolutePath().toString();
    }

    @Option(names = "--jitter", paramLabel = "on|off|auto",
            description = "spinning jitter thread (default auto: on with 4+ CPUs)")
    String jitter = "auto";

    @Option(names = "--saturation-bound", converter = Durations.class, paramLabel = "DURATION",
            description = "stop a run that falls this far behind schedule (default: 5s)")
    Long saturationBoundNanos;

    @Option(names = "--sample-timeout", converter = Durations.class, paramLabel = "DURATION",
            description = "how long to wait for outstanding samples after a run (default: 5s)")
    Long sampleTimeoutNanos;

    @Option(names = "--out", paramLabel = "DIR", description = "results folder (new or empty); default results/<UTC time>-<host>")
    Path out;

    public long warmupRatePerSecond() {
        if (warmupRate == null) {
            return DEFAULT_WARMUP_RATE;
        }
        List<Long> rates = Rates.parse(warmupRate);
        if (rates.size() != 1) {
            throw new IllegalArgumentException("--warmup-rate takes one rate, e.g. 10000 or 10k (was '" + warmupRate
                    + "')");
        }
        return rates.get(0);
    }

    /** A validated configuration for one benchmark at {@code rate}. */
    public HarnessConfig.Builder configure(String name, long rate, long defaultRunNanos, long defaultWarmupNanos) {
        HarnessConfig.Builder b = HarnessConfig.builder(name).targetRatePerSecond(rate).runs(runs)
                .runNanos(runNanos != null ? runNanos : defaultRunNanos)
                .warmupNanos(warmupNanos != null ? warmupNanos : defaultWarmupNanos)
                .warmupRatePerSecond(warmupRatePerSecond()).warmupUntilJitQuiet(true)
                .waitStrategy(WaitStrategy.parse(wait)).skipFirstRun(skipFirstRun).pinning(pinning()).cpus(cpuList())
                .pacing(flow().pacing(sessions))
                .jitterMonitor(switch (jitter) {
                    case "on" -> Boolean.TRUE;
                    case "off" -> Boolean.FALSE;
                    case "auto" -> null;
                    default -> throw new IllegalArgumentException("--jitter takes on, off or auto (was '" + jitter + "')");
                });
        if (warmupCapNanos != null) {
            b.warmupCapNanos(warmupCapNanos);
        }
        if (pauseNanos != null) {
            b.pauseBetweenRunsNanos(pauseNanos);
        }
        if (saturationBoundNanos != null) {
            b.saturationBoundNanos(saturationBoundNanos);
        }
        if (sampleTimeoutNanos != null) {
            b.sampleTimeoutNanos(sampleTimeoutNanos);
        }
        return b;
    }

    public boolean pinning() {
        return pin != null ? pin : cpus.length > 0 || pinByDefault;
    }

    /** The CPUs given, or with pinning on and none given, every CPU from the highest down. */
    public int[] cpuList() {
        if (cpus.length > 0 || !pinning()) {
            return cpus;
        }
        int n = org.fixbench.harness.machine.Machine.cpus();
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = n - 1 - i;
        }
        return all;
    }

    /** The results folder, made before any measuring so that a bad path fails fast. */
    public Path createResultsFolder() {
        return createResultsFolder(out);
    }

    /** A new results folder: {@code out} (new or empty), else a new one under results/ named by time and host. */
    public static Path createResultsFolder(Path out) {
        if (out != null) {
            try {
                return ResultsFolder.createNamed(out);
            } catch (org.fixbench.harness.api.HarnessException e) {
                // the user chose this path: a file, a folder with results, no parent or no right to write is bad input
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        return ResultsFolder.createDefault(Home.path().resolve("results"), Instant.now());
    }
}
