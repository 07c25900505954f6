package org.fixbench.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.fixbench.cli.options.Rates;
import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.results.Diff;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.engine.EngineSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A tuning session: a baseline and its variants (one setting changed at a time, or a grid of them), interleaved
 * round by round with the raw-TCP floor in one comparison, each variant judged against the baseline (see
 * {@link org.fixbench.cli.results.Tuning}). Everything else (run length, forking, Ctrl-C, statuses, the folder and
 * its report) is {@code compare}'s.
 */
@Command(name = "tune", description = "A tuning session: an engine profile (the baseline) and variants of it, each "
        + "with settings changed, interleaved round by round with raw TCP; each variant judged against the baseline on "
        + "its paired overhead (interval and verdict as diff); the report opens with that table")
final class TuneCommand implements Callable<Integer> {
    /** More variants than this is a grid too big to interleave in one session on a small machine. */
    static final int MAX_VARIANTS = 8;

    @Spec
    CommandSpec commandSpec;

    @Mixin
    RunOptions options;

    @Option(names = "--engine", required = true, paramLabel = "ENGINE:PROFILE[+KEY=VALUE...]",
            description = "the baseline")
    String engine;

    @Option(names = "--vary", required = true, paramLabel = "KEY=VALUE[,VALUE...]",
            description = "a setting and the values to try; repeat for more settings")
    List<String> vary;

    @Option(names = "--grid", description = "every combination of the --vary values (default: one setting at a time)")
    boolean grid;

    @Option(names = "--rates", paramLabel = "RATE,...", description = "msgs/s (default: ${DEFAULT-VALUE})")
    String rates = "10000";

    @Option(names = "--floor", paramLabel = "tcp:PROFILE", description = "the raw-TCP floor (default: ${DEFAULT-VALUE})")
    String floor = "tcp:spin";

    @Option(names = "--threshold", paramLabel = "PERCENT", description = "smallest change that counts (default: "
            + "${DEFAULT-VALUE})")
    String threshold = "10%";

    @Option(names = "--seed", paramLabel = "N", description = "seed of the run order (default: from the clock)")
    Long seed;

    @Option(names = "--cluster", paramLabel = "FILE", description = "run across hosts, as compare --cluster does")
    java.nio.file.Path cluster;

    @Override
    public Integer call() throws Exception {
        EngineSpec baseline = EngineSpec.parse(engine);
        EngineSpec floorSpec = EngineSpec.parse(floor);
        if (!ResultLabels.FLOOR_ENGINE.equals(floorSpec.engine().name())) {
            throw new IllegalArgumentException("--floor must be a raw-TCP profile (tcp:PROFILE), was '" + floor + "'");
        }
        if (ResultLabels.FLOOR_ENGINE.equals(baseline.engine().name())) {
            throw new IllegalArgumentException("--engine: tune a FIX engine; raw TCP is the floor");
        }
        double t = org.fixbench.cli.options.Thresholds.parse(threshold);
        List<EngineSpec> variants = variants(baseline, vary, grid);
        List<Long> rateList = Rates.parse(rates);
        int rows = variants.size() * rateList.size() * Diff.KEYS.length;
        int needed = Diff.runsNeeded(Diff.ALPHA / rows);
        boolean runsGiven = commandSpec.commandLine().getParseResult().hasMatchedOption("--runs");
        if (!runsGiven) {
            options.runs(needed + 1); // one spare: a run that is not OK leaves the rest enough
        }
        long orderSeed = seed != null ? seed : System.nanoTime();
        Map<String, Object> env = new LinkedHashMap<>();
        env.put(ResultLabels.TUNE_BASELINE, baseline.label());
        env.put(ResultLabels.TUNE_VARIANTS, variants.stream().map(EngineSpec::label).toList());
        env.put(ResultLabels.TUNE_THRESHOLD, t);
        Map<String, String> reproduce = new LinkedHashMap<>();
        String shared = sharedArguments();
        for (EngineSpec v : variants) {
            reproduce.put(v.label(), "scripts/fixbench compare --engines " + floorSpec.label() + "," + baseline.label()
                    + "," + v.label() + " --rates " + rates + " --runs " + options.runs() + shared + " --seed "
                    + orderSeed);
        }
        env.put(ResultLabels.TUNE_REPRODUCE, reproduce);
        if (runsGiven && options.runs() < needed) {
            System.err.println("fixbench tune: with " + options.runs() + " runs no row can reach a verdict ("
                    + rows + " rows corrected together need " + needed + " OK runs a side); measuring anyway");
        }
        org.fixbench.cli.flow.Comparison compare = new org.fixbench.cli.flow.Comparison();
        compare.options = options;
        compare.engines = String.join(",", floorSpec.label(), baseline.label())
                + variants.stream().map(v -> "," + v.label()).reduce("", String::concat);
        compare.rates = rates;
        compare.seed = orderSeed;
        compare.commandLine = "scripts/fixbench " + String.join(" ", commandSpec.commandLine().getParseResult()
                .originalArgs()) + (runsGiven ? "" : " (runs: " + options.runs() + ")");
        compare.extraEnvironment = env;
        compare.err = commandSpec.commandLine().getErr();
        compare.cluster = cluster;
        compare.originalArgs = commandSpec.commandLine().getParseResult().originalArgs();
        compare.sessionsGiven = commandSpec.commandLine().getParseResult().hasMatchedOption("--sessions");
        return compare.run();
    }

    /** The arguments a reproducing compare shares with this session (run length, warm-up, forking, pinning). */
    private String sharedArguments() {
        List<String> args = commandSpec.commandLine().getParseResult().originalArgs();
        List<String> tuneOnly = List.of("--engine", "--vary", "--grid", "--rates", "--floor", "--threshold", "--seed",
                "--runs", "--out");
        List<String> flagsOnly = List.of("--grid");
        StringBuilder sb = new StringBuilder();
        for (int i = args.isEmpty() || !args.get(0).equals("tune") ? 0 : 1; i < args.size(); i++) {
            String a = args.get(i);
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (tuneOnly.contains(name)) {
                if (!a.contains("=") && !flagsOnly.contains(name)) {
                    i++; // its value
                }
                continue;
            }
            sb.append(' ').append(a);
        }
        return sb.toString();
    }

    /**
     * The variants: per --vary value, the baseline with that setting (one at a time), or every combination of one
     * value per --vary (a grid).
     *
     * @throws IllegalArgumentException one line: a --vary without values, a setting the engine lacks or a value it
     *                                  refuses, a value equal to the baseline's, a setting varied twice, too many
     */
    static List<EngineSpec> variants(EngineSpec baseline, List<String> vary, boolean grid) {
        List<String> keys = new ArrayList<>();
        List<List<String>> values = new ArrayList<>();
        for (String v : vary) {
            int eq = v.indexOf('=');
            if (eq <= 0 || eq == v.length() - 1) {
                throw new IllegalArgumentException("--vary takes KEY=VALUE[,VALUE...] (was '" + v + "')");
            }
            String key = v.substring(0, eq).trim();
            if (keys.contains(key)) {
                throw new IllegalArgumentException("--vary " + key + " is given twice: list its values once, "
                        + "separated by commas");
            }
            if (baseline.overrides().containsKey(key)) {
                throw new IllegalArgumentException("--vary " + key + ": the baseline " + baseline.label()
                        + " already sets it; vary it from a baseline that does not");
            }
            keys.add(key);
            List<String> vs = new ArrayList<>();
            for (String value : v.substring(eq + 1).split(",")) {
                if (!value.isBlank() && !vs.contains(value.trim())) {
                    vs.add(value.trim());
                }
            }
            values.add(vs);
        }
        List<List<String[]>> combinations = new ArrayList<>();
        if (grid) {
            combinations.add(new ArrayList<>());
            for (int k = 0; k < keys.size(); k++) {
                List<List<String[]>> next = new ArrayList<>();
                for (List<String[]> c : combinations) {
                    for (String value : values.get(k)) {
                        List<String[]> more = new ArrayList<>(c);
                        more.add(new String[] {keys.get(k), value});
                        next.add(more);
                    }
                }
                combinations = next;
            }
        } else {
            for (int k = 0; k < keys.size(); k++) {
                for (String value : values.get(k)) {
                    combinations.add(List.of(new String[][] {{keys.get(k), value}}));
                }
            }
        }
        if (combinations.size() > MAX_VARIANTS) {
            throw new IllegalArgumentException(combinations.size() + " variants: at most " + MAX_VARIANTS + " fit one "
                    + "session (each needs its runs in every round); vary fewer values");
        }
        List<EngineSpec> specs = new ArrayList<>();
        for (List<String[]> c : combinations) {
            StringBuilder label = new StringBuilder(baseline.label());
            c.forEach(kv -> label.append('+').append(kv[0]).append('=').append(kv[1]));
            specs.add(EngineSpec.parse(label.toString())); // refuses unknown keys, bad values, the baseline's value
        }
        return specs;
    }
}
