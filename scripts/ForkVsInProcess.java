import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fixbench.cli.results.PairedStats;

/**
 * Reads the folders {@code round-<k>-forked} and {@code round-<k>-inprocess} that scripts/fork-vs-inprocess.sh
 * wrote (one round of the default comparison each, the two modes back to back, their order alternating by round)
 * and prints, as Markdown:
 * <ul>
 *   <li>per engine × rate, the overhead over raw TCP at p50 and p90 in each mode (median over rounds of the
 *       round's paired difference) and the paired difference forked − in-process over rounds, with its
 *       distribution-free interval (PairedStats); rounds where either mode's engine or floor run was not OK are left
 *       out and counted;</li>
 *   <li>the first-benchmark effect: per mode and round, the p50 of the round's first benchmark minus the median p50
 *       of that same benchmark in the mode's other rounds.</li>
 * </ul>
 * Run: {@code java -cp cli/target/fixbench-cli.jar scripts/ForkVsInProcess.java FOLDER}
 */
public class ForkVsInProcess {
    record Run(String label, long rate, double p50, double p90, boolean ok, List<Integer> floorRuns) {
    }

    record Round(Map<String, Run> byKey, Map<Long, List<double[]>> floorRuns, String first) {
    }

    public static void main(String[] args) throws Exception {
        Path folder = Path.of(args[0]);
        Map<Integer, Round> forked = new TreeMap<>();
        Map<Integer, Round> inProcess = new TreeMap<>();
        for (int k = 1; ; k++) {
            Path f = folder.resolve("round-" + k + "-forked/summary.json");
            Path i = folder.resolve("round-" + k + "-inprocess/summary.json");
            if (!Files.exists(f) || !Files.exists(i)) {
                break;
            }
            forked.put(k, read(f));
            inProcess.put(k, read(i));
        }
        if (forked.isEmpty()) {
            System.err.println("no round-1-forked/ and round-1-inprocess/ with summary.json in " + folder);
            System.exit(2);
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
                if (key.startsWith("tcp:")) {
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
                md.append("| ").append(key).append(" | ").append(PairedStats.median(arr(of)).text(ForkVsInProcess::us))
                        .append(" | ").append(PairedStats.median(arr(oi)).text(ForkVsInProcess::us)).append(" | ")
                        .append(PairedStats.median(arr(diff)).text(ForkVsInProcess::us)).append(" | ").append(out)
                        .append(" |\n");
            }
            md.append('\n');
        }
        md.append("## The first benchmark of a round\n\n"
                + "Per round, the p50 of the round's first benchmark (each round is a comparison of its own: in "
                + "process, the first benchmark of a fresh JVM, after the settling round) minus the median p50 of the "
                + "same benchmark in the other rounds of the same mode (µs).\n\n| mode | per round | median [interval] |\n"
                + "| --- | --- | ---: |\n");
        for (Map.Entry<String, Map<Integer, Round>> mode : Map.of("forked", forked, "in-process", inProcess)
                .entrySet().stream().sorted(Map.Entry.comparingByKey()).toList()) {
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
                texts.add(String.format(Locale.ROOT, "%d: %s %s", r.getKey(), first, us(e)));
            }
            md.append("| ").append(mode.getKey()).append(" | ").append(String.join("; ", texts)).append(" | ")
                    .append(PairedStats.median(arr(excess)).text(ForkVsInProcess::us)).append(" |\n");
        }
        System.out.print(md);
    }

    static String us(double nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / 1000.0);
    }

    static double[] arr(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The engine's overhead over its paired floor run in this round, or null if either was not OK. */
    static Double overhead(Round round, String key, String percentile) {
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

    static Round read(Path summary) throws Exception {
        JsonNode root = new ObjectMapper().readTree(summary.toFile());
        Map<String, Run> byKey = new LinkedHashMap<>();
        Map<Long, List<double[]>> floors = new TreeMap<>();
        for (JsonNode r : root.get("results")) {
            String label = r.path("engine").asText() + ":" + r.path("profile").asText();
            long rate = r.path("targetRate").asLong();
            List<Integer> pairs = new ArrayList<>();
            r.path("pairedFloorRuns").forEach(n -> pairs.add(n.asInt()));
            if (label.startsWith("tcp:")) {
                List<double[]> list = new ArrayList<>();
                for (JsonNode run : r.path("runs")) {
                    JsonNode e2e = run.path("series").path("endToEnd");
                    list.add("OK".equals(run.path("status").asText())
                            ? new double[] {e2e.path("p50").asDouble(), e2e.path("p90").asDouble()} : null);
                }
                floors.put(rate, list);
            }
            JsonNode run = r.path("runs").get(0);
            if (run == null) {
                continue;
            }
            JsonNode e2e = run.path("series").path("endToEnd");
            byKey.put(key(label, rate), new Run(label, rate, e2e.path("p50").asDouble(), e2e.path("p90").asDouble(),
                    "OK".equals(run.path("status").asText()), pairs));
        }
        String sequence = root.path("environment").path("runSequence").get(0).asText();
        String first = sequence.substring(sequence.indexOf(':') + 1).split(", ")[0].trim();
        first = first.replace(" (floor)", "");
        String firstKey = key(first.substring(0, first.indexOf(" @ ")),
                Long.parseLong(first.substring(first.indexOf(" @ ") + 3).replace(",", "").replace("/s", "")));
        return new Round(byKey, floors, firstKey);
    }

    static String key(String label, long rate) {
        return String.format(Locale.ROOT, "%s @ %,d/s", label, rate);
    }
}
