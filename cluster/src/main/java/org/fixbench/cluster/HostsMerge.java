package org.fixbench.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.HdrHistogram.Histogram;
import org.fixbench.cli.options.ExitStatus;
import org.fixbench.cli.results.JvmPauses;
import org.fixbench.cli.results.Labels;
import org.fixbench.cli.run.Contender;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.machine.PinOutcome;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ResultsReader;
import org.fixbench.harness.results.RunResult;

/**
 * What the client hosts measured, turn by turn, as the comparison's results: each host's folder of a turn, brought
 * back under {@code hosts/<host>/}, read with the results reader; per rate, the hosts' runs summed losslessly into
 * one ({@link RunResult#sumOf}), the first host that ended early named in the reason; and per benchmark, each host's
 * own distribution over the rounds, for the report's rows per host. One per comparison ({@code run} of
 * {@link ClusterComparison}).
 */
final class HostsMerge {
    /**
     * The exit statuses of a client host's comparison that leave results to read: it completed, a run's status was
     * one --fail-on names, or it stopped early (its reason is in its results). Bad input and an error do not.
     */
    private static final Set<String> RESULTS_WRITTEN = java.util.Set.of("0",
            Integer.toString(ExitStatus.FAILED_RUNS), Integer.toString(ExitStatus.STOPPED));

    private final List<String> hostNames;
    private final Path hostsRoot;
    private final List<Long> rates;
    private final List<HarnessConfig> configs;
    private final PrintStream out;
    /** Per benchmark (engine × rate) and client host: its distribution over the rounds so far. */
    private final Map<Integer, Map<String, HostRuns>> perHost = new LinkedHashMap<>();

    private static final class HostRuns {
        Histogram histogram;
        long maxNanos;
        int runs;
        final List<String> statuses = new ArrayList<>();
    }

    /**
     * @param hostNames the client hosts, in the order of their shares
     * @param hostsRoot the folder holding each host's, by its safe name
     * @param configs per benchmark (engine × rates + rate), the configuration its merged result is recorded under
     */
    HostsMerge(List<String> hostNames, Path hostsRoot, List<Long> rates, List<HarnessConfig> configs,
               PrintStream out) {
        this.hostNames = List.copyOf(hostNames);
        this.hostsRoot = hostsRoot;
        this.rates = List.copyOf(rates);
        this.configs = configs;
        this.out = out;
    }

    /** A client host's folder here, made if it is not yet. */
    static Path hostFolder(Path hostsRoot, String host) throws IOException {
        return Files.createDirectories(hostsRoot.resolve(org.fixbench.harness.results.ResultsWriter.safeName(host)));
    }

    private Path hostFolder(String host) throws IOException {
        return hostFolder(hostsRoot, host);
    }

    /** A benchmark's rows, one per client host: its runs over the rounds so far, as one distribution. */
    List<Map<String, Object>> hostRows(int benchmark) {
        List<Map<String, Object>> rows = new ArrayList<>();
        perHost.getOrDefault(benchmark, Map.of()).forEach((host, h) -> rows.add(new Labels.HostRow(host, h.runs,
                h.histogram.getTotalCount(), Math.min(h.histogram.getValueAtPercentile(50), h.maxNanos),
                Math.min(h.histogram.getValueAtPercentile(99), h.maxNanos), h.maxNanos, List.copyOf(h.statuses))
                .toMap()));
        return rows;
    }

    /**
     * Every client host's results of one turn ({@code tag}: its folder's name under each host's), read back; per rate
     * (the comparison's, not a host's share), their runs as one; each host's own distribution added to its rows.
     *
     * @param engine the contender's index among the comparison's engines
     */
    Map<Long, BenchmarkResult> turn(String tag, Contender c, int engine) throws SlotFailure {
        int hosts = hostNames.size();
        Map<Long, List<BenchmarkResult>> byRate = new LinkedHashMap<>();
        Map<Long, List<String>> hostsByRate = new LinkedHashMap<>();
        for (int k = 0; k < hosts; k++) {
            String host = hostNames.get(k);
            Map<Long, Long> totalOf = new HashMap<>();
            for (long rate : rates) {
                totalOf.put(ClusterComparison.share(rate, hosts, k), rate);
            }
            Path folder;
            try {
                folder = hostFolder(host);
                String status = Files.exists(folder.resolve(tag + ".status"))
                        ? Files.readString(folder.resolve(tag + ".status")).trim() : "(none)";
                if (!RESULTS_WRITTEN.contains(status)) {
                    throw new SlotFailure("client host " + host + ": " + c.label() + ": its comparison exited with "
                            + "status " + status + ": " + ClusterNode.tail(folder.resolve(tag + ".log")));
                }
            } catch (IOException e) {
                throw new SlotFailure("client host " + host + ": " + e.getMessage());
            }
            List<BenchmarkResult> read;
            try {
                read = ResultsReader.read(folder.resolve(tag)).results();
            } catch (RuntimeException e) {
                throw new SlotFailure("client host " + host + ": " + c.label() + ": its results could not be read: "
                        + e.getMessage());
            }
            for (BenchmarkResult r : read) {
                Long total = totalOf.get(r.config().targetRatePerSecond());
                if (total == null) {
                    throw new SlotFailure("client host " + host + ": " + c.label() + ": a result at "
                            + r.config().targetRatePerSecond() + "/s, which is no share of this comparison's rates");
                }
                byRate.computeIfAbsent(total, t -> new ArrayList<>()).add(r);
                hostsByRate.computeIfAbsent(total, t -> new ArrayList<>()).add(host);
            }
        }
        Map<Long, BenchmarkResult> merged = new LinkedHashMap<>();
        for (Map.Entry<Long, List<BenchmarkResult>> e : byRate.entrySet()) {
            long rate = e.getKey();
            int r = rates.indexOf(rate);
            List<BenchmarkResult> parts = e.getValue();
            List<String> names = hostsByRate.get(rate);
            int benchmark = engine * rates.size() + r;
            String abort = null;
            List<RunResult> runs = new ArrayList<>();
            List<PinOutcome> pins = new ArrayList<>();
            long warmup = 0;
            long late = 0;
            long stray = 0;
            boolean compiling = false;
            for (int h = 0; h < parts.size(); h++) {
                BenchmarkResult p = parts.get(h);
                if (p.aborted() && abort == null) {
                    abort = "client host " + names.get(h) + ": " + p.abortReason();
                }
                if (!p.runs().isEmpty()) {
                    runs.add(p.runs().get(0).withReasonsPrefixed(names.get(h) + ": "));
                    HostRuns acc = perHost.computeIfAbsent(benchmark, k -> new LinkedHashMap<>())
                            .computeIfAbsent(names.get(h), k -> new HostRuns());
                    RunResult run = p.runs().get(0);
                    if (acc.histogram == null) {
                        acc.histogram = run.endToEnd().histogram().copy();
                    } else {
                        acc.histogram.add(run.endToEnd().histogram());
                    }
                    acc.maxNanos = Math.max(acc.maxNanos, run.endToEnd().maxNanos());
                    acc.runs++;
                    acc.statuses.add(run.status().name());
                }
                for (PinOutcome pin : p.pinning()) {
                    pins.add(new PinOutcome(pin.role(), pin.thread(), pin.cpu(), pin.pinned(),
                            names.get(h) + ": " + pin.note()));
                }
                warmup += p.warmupIterations();
                late += p.warmupLateReplies();
                stray += p.straySamples();
                compiling |= p.warmupEndedCompiling();
            }
            if (parts.size() != hosts && abort == null) {
                abort = "only " + names + " of the " + hosts + " client hosts measured " + c.label() + " at "
                        + String.format(Locale.ROOT, "%,d/s", rate);
            }
            Map<String, Object> labels = new LinkedHashMap<>(parts.get(0).labels());
            labels.remove(JvmPauses.LABEL); // each host's pauses stay in its own folder
            List<RunResult> one = runs.size() == parts.size() && !runs.isEmpty() ? List.of(RunResult.sumOf(runs))
                    : List.of();
            if (one.isEmpty() && abort == null) {
                abort = "a client host measured no run of " + c.label();
            }
            merged.put(rate, new BenchmarkResult(configs.get(benchmark).name(), configs.get(benchmark), labels,
                    warmup, one, pins, abort, late, stray, compiling));
            if (!one.isEmpty()) {
                RunResult m = one.get(0);
                StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                        "  %,d/s on %d hosts: %s, %,d answered, p50 %.1f us, p99 %.1f us, worst %.1f us;",
                        rate, hosts, m.status(), m.received(), m.endToEnd().percentileNanos(50) / 1e3,
                        m.endToEnd().percentileNanos(99) / 1e3, m.endToEnd().maxNanos() / 1e3));
                for (int h = 0; h < runs.size(); h++) {
                    line.append(String.format(Locale.ROOT, " %s p99 %.1f us", names.get(h),
                            runs.get(h).endToEnd().percentileNanos(99) / 1e3));
                }
                out.println(line);
            }
        }
        return merged;
    }
}
