import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fixbench.cli.results.PairedStats;

/**
 * Two engines of interleaved comparison folders against each other, round by round: per rate and statistic,
 * engine A's run minus engine B's run of the same round (by each run's recorded round; when B is A's floor, the floor
 * run A was paired with, since the floor runs twice a round; in folders from before rounds were recorded, run k of
 * each engine is round k; several folders add their rounds), the median over rounds with its distribution-free interval (PairedStats), and
 * how many rounds A was the lower. Rounds where either run was not OK are left out and counted. Statistics:
 * end-to-end p50, p90 and p99, and the server-processing probe's p50 (whose window differs between engines: see each
 * engine's README, "Probe points").
 * Run: {@code java -cp cli/target/fixbench-cli.jar scripts/EngineVsEngine.java A B FOLDER...}, e.g.
 * {@code … sbe:tuned philadelphia:spin results/x}.
 */
public class EngineVsEngine {
    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: EngineVsEngine ENGINE:PROFILE ENGINE:PROFILE FOLDER...");
            System.exit(2);
        }
        List<Map<Long, JsonNode>> as = new ArrayList<>();
        List<Map<Long, JsonNode>> bs = new ArrayList<>();
        for (int f = 2; f < args.length; f++) {
            Path summary = Path.of(args[f], "summary.json");
            if (!java.nio.file.Files.isRegularFile(summary)) {
                System.err.println("no summary.json in " + args[f]);
                System.exit(2);
            }
            JsonNode root = new ObjectMapper().readTree(summary.toFile());
            as.add(byRate(root, args[0]));
            bs.add(byRate(root, args[1]));
        }
        java.util.TreeSet<Long> rates = new java.util.TreeSet<>();
        for (int f = 0; f < as.size(); f++) {
            for (long rate : as.get(f).keySet()) {
                if (bs.get(f).containsKey(rate)) {
                    rates.add(rate);
                }
            }
        }
        if (rates.isEmpty()) {
            System.err.println("no rate at which both " + args[0] + " and " + args[1] + " ran");
            System.exit(2);
        }
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "# %s − %s, paired by round%n%n", args[0], args[1]));
        md.append("µs; per rate and statistic: the median over rounds of (A's run − B's run in the same round) "
                + "[distribution-free interval (its coverage)], the rounds where A was lower, and rounds left out "
                + "because a run was not OK. Negative: A is faster. Folders: " + (args.length - 2) + ".\n\n");
        md.append("| rate | statistic | A − B: median [interval] | A lower in | left out |\n"
                + "| ---: | --- | ---: | ---: | ---: |\n");
        for (long rate : rates) {
            for (String[] stat : new String[][] {{"endToEnd", "p50"}, {"endToEnd", "p90"}, {"endToEnd", "p99"},
                    {"server processing", "p50"}}) {
                List<Double> diff = new ArrayList<>();
                int out = 0;
                int lower = 0;
                for (int f = 0; f < as.size(); f++) {
                    if (!as.get(f).containsKey(rate) || !bs.get(f).containsKey(rate)) {
                        continue;
                    }
                    JsonNode ra = as.get(f).get(rate).path("runs");
                    JsonNode rb = bs.get(f).get(rate).path("runs");
                    for (int k = 0; k < ra.size(); k++) {
                        JsonNode x = ra.get(k);
                        JsonNode y = partner(as.get(f).get(rate), x, k, args[1], rb);
                        if (y == null) {
                            out++;
                            continue;
                        }
                        if (!"OK".equals(x.path("status").asText()) || !"OK".equals(y.path("status").asText())
                                || x.path("excluded").asBoolean() || y.path("excluded").asBoolean()) {
                            out++;
                            continue;
                        }
                        double d = x.path("series").path(stat[0]).path(stat[1]).asDouble(Double.NaN)
                                - y.path("series").path(stat[0]).path(stat[1]).asDouble(Double.NaN);
                        if (Double.isNaN(d)) {
                            out++;
                            continue;
                        }
                        diff.add(d);
                        lower += d < 0 ? 1 : 0;
                    }
                }
                double[] values = diff.stream().mapToDouble(Double::doubleValue).toArray();
                md.append(String.format(Locale.ROOT, "| %,d/s | %s %s | %s | %d of %d | %d |%n", rate,
                        stat[0], stat[1], values.length == 0 ? "-" : PairedStats.median(values).text(EngineVsEngine::us),
                        lower, values.length, out));
            }
        }
        System.out.print(md);
    }

    /**
     * B's run set against A's run {@code x} (A's k-th): the floor run A was paired with when B is A's floor (the
     * floor runs twice a round, so its run k is not round k); else B's run of the same round when runs record their
     * round; else B's k-th run (folders made before runs recorded their round, one run a round each). Null when
     * there is none.
     */
    static JsonNode partner(JsonNode a, JsonNode x, int k, String labelB, JsonNode rb) {
        if (labelB.equals(a.path("floor").asText(null)) && a.path("pairedFloorRuns").isArray()) {
            int floorRun = a.path("pairedFloorRuns").path(k).asInt(0);
            for (JsonNode y : rb) {
                if (y.path("run").asInt() == floorRun) {
                    return y;
                }
            }
            return null;
        }
        if (x.hasNonNull("round")) {
            for (JsonNode y : rb) {
                if (y.path("round").asInt() == x.path("round").asInt()) {
                    return y;
                }
            }
            return null;
        }
        return k < rb.size() ? rb.get(k) : null;
    }

    static String us(double nanos) {
        return String.format(Locale.ROOT, "%.2f", nanos / 1000.0);
    }

    static Map<Long, JsonNode> byRate(JsonNode root, String label) {
        Map<Long, JsonNode> out = new TreeMap<>();
        for (JsonNode r : root.get("results")) {
            if (label.equals(r.path("engine").asText() + ":" + r.path("profile").asText())) {
                out.put(r.path("targetRate").asLong(), r);
            }
        }
        return out;
    }
}
