package org.fixbench.cli.results;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The analysis of what scripts/fork-vs-inprocess.sh writes: folders {@code round-<k>-forked} and
 * {@code round-<k>-inprocess} (one round of the default comparison each, the two modes back to back, their order
 * alternating by round). As Markdown:
 * <ul>
 *   <li>per engine × rate, the overhead over raw TCP at p50 and p90 in each mode (median over rounds of the
 *       round's paired difference) and the paired difference forked − in-process over rounds, with its
 *       distribution-free interval ({@link PairedStats}); rounds where either mode's engine or floor run was not OK
 *       are left out and counted;</li>
 *   <li>the first-benchmark effect: per mode and round, the p50 of the round's first benchmark minus the median p50
 *       of that same benchmark in the mode's other rounds.</li>
 * </ul>
 */
public final class ForkVsInProcess {
    private record Run(String label, long rate, double p50, double p90, boolean ok, List<Integer> floorRuns) {
    }

    private record Round(Map<String, Run> byKey, Map<Long, List<double[]>> floorRuns, String first) {
    }

    private ForkVsInProcess() {
    }

    /**
     * @throws IllegalArgumentException when the folder holds no round-1-forked/ and round-1-inprocess/
     */
    public static String markdown(Path folder) {
        Map<Integer, Round> forked = new TreeMap<>();
        Map<Integer, Round> inProcess = new TreeMap<>();
        for (int k = 1; ; k++) {
            Path f = folder.resolve("round-" + k + "-forked");
            Path i = folder.resolve("round-" + k + "-inprocess");
            if (org.fixbench.harness.results.ResultsReader.summaryFile(f) == null
                    || org.fixbench.harness.results.ResultsReader.summaryFile(i) == null) {
                break;
            }
            forked.put(k, read(f));
            inProcess.put(k, read(i));
        }
        if (forked.isEmpty()) {
            throw new IllegalArgumentException("no round-1-forked/ and round-1-inprocess/ with summary.json in " + folder);
        }
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "# Forked against in-process, %d rounds%n%n", forked.size()));
        md.append("Overhead over raw TCP (µs): the engine run's percentile minus its paired tcp:spin run's, per round; "
                + "\"forked − in-process\" is that overhead's difference between the two modes in the same round "
                + "(median over rounds [interval], distribution-free, PairedStats). Rounds where a run of either mode "
                + "was not OK are left out.\n\n");
        for (String p : new String[] {"p50", "p90"}) {
            md.append("## ").append(p).append("\n\n| engine @ rate | forked overhead | in-process overhead | forked − "
                    + "in-process | rounds left out |\n| --- | ---: | ---: | ---: | ---: |\n");
            for (String key : forked.values().iterator().next().byKey().keySet()) {
                if (key.startsWith(ResultLabels.FLOOR_ENGINE + ":")) {
                    continue;
                }
                List<Double> of = new ArrayList<>();
                List<Double> oi = new ArrayList<>();
                List<Double> diff = new ArrayList<>();
                int out = 0;
                for (int k : forked.keySet()) {
                    Double a = overhead(forked.get(k), key, p);
                    Double b = overhead(inProcess.get(k), key, p);
                    if (a == null || b == null) {
                        out++;
                        continue;
                    }
                    of.add(a);
                    oi.add(b);
                    diff.add(a - b);
                }
                md.append("| ").append(key).append(" | ").append(PairedStats.median(arr(of)).text(EnginePairs::micros))
                        .append(" | ").append(PairedStats.median(arr(oi)).text(EnginePairs::micros)).append(" | ")
                        .append(PairedStats.median(arr(diff)).text(EnginePairs::micros)).append(" | ").append(out)
                        .append(" |\n");
            }
            md.append('\n');
        }
        md.append("## The first benchmark of a round\n\n"
                + "Per round, the p50 of the round's first benchmark (each round is a comparison of its own: in "
                + "process, the first benchmark of a fresh JVM, after the settling round) minus the median p50 of the "
                + "same benchmark in the other rounds of the same mode (µs).\n\n| mode | per round | median [interval] |\n"
                + "| --- | --- | ---: |\n");
        Map<String, Map<Integer, Round>> modes = new TreeMap<>(Map.of("forked", forked, "in-process", inProcess));
        for (Map.Entry<String, Map<Integer, Round>> mode : modes.entrySet()) {
            List<Double> excess = new ArrayList<>();
            List<String> texts = new ArrayList<>();
            for (Map.Entry<Integer, Round> r : mode.getValue().entrySet()) {
                String first = r.getValue().first();
                Run firstRun = r.getValue().byKey().get(first);
                if (firstRun == null || !firstRun.ok()) {
                    continue;
                }
                List<Double> others = new ArrayList<>();
                for (Map.Entry<Integer, Round> o : mode.getValue().entrySet()) {
                    Run run = o.getKey().equals(r.getKey()) ? null : o.getValue().byKey().get(first);
                    if (run != null && run.ok()) {
                        others.add(run.p50());
                    }
                }
                if (others.isEmpty()) {
                    continue;
                }
                double e = firstRun.p50() - PairedStats.median(arr(others)).median();
                excess.add(e);
                texts.add(String.format(Locale.ROOT, "%d: %s %s", r.getKey(), first, EnginePairs.micros(e)));
            }
            md.append("| ").append(mode.getKey()).append(" | ").append(String.join("; ", texts)).append(" | ")
                    .append(PairedStats.median(arr(excess)).text(EnginePairs::micros)).append(" |\n");
        }
        return md.toString();
    }

    private static double[] arr(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The engine's overhead over its paired floor run in this round, or null if either was not OK. */
    private static Double overhead(Round round, String key, String percentile) {
        Run run = round.byKey().get(key);
        if (run == null || !run.ok() || run.floorRuns().isEmpty()) {
            return null;
        }
        double[] floor = round.floorRuns().get(run.rate()).get(run.floorRuns().get(0) - 1);
        if (floor == null) {
            return null;
        }
        return "p50".equals(percentile) ? run.p50() - floor[0] : run.p90() - floor[1];
    }

    private static Round read(Path folder) {
        Map<String, Run> byKey = new LinkedHashMap<>();
        Map<Long, List<double[]>> floors = new TreeMap<>();
        for (SummaryFile.Result r : SummaryFile.load(folder)) {
            long rate = r.targetRate();
            if (ResultLabels.FLOOR_ENGINE.equals(r.engine())) {
                List<double[]> list = new ArrayList<>();
                for (SummaryFile.Run run : r.runs()) {
                    list.add(run.ok() ? new double[] {value(run, "p50"), value(run, "p90")} : null);
                }
                floors.put(rate, list);
            }
            if (r.runs().isEmpty()) {
                continue;
            }
            SummaryFile.Run run = r.runs().get(0);
            byKey.put(key(r.label(), rate), new Run(r.label(), rate, value(run, "p50"), value(run, "p90"), run.ok(),
                    r.pairedFloorRuns()));
        }
        Object sequence = SummaryFile.environment(folder).get("runSequence");
        String round = sequence instanceof List<?> l && !l.isEmpty() ? String.valueOf(l.get(0)) : "";
        String first = round.substring(round.indexOf(':') + 1).split(", ")[0].trim().replace(" (floor)", "");
        int at = first.indexOf(" @ ");
        String firstKey = at < 0 ? "" : key(first.substring(0, at),
                Long.parseLong(first.substring(at + 3).replace(",", "").replace("/s", "")));
        return new Round(byKey, floors, firstKey);
    }

    private static double value(SummaryFile.Run run, String key) {
        Long v = run.value("endToEnd", key);
        return v == null ? 0 : v;
    }

    private static String key(String label, long rate) {
        return String.format(Locale.ROOT, "%s @ %,d/s", label, rate);
    }
}
