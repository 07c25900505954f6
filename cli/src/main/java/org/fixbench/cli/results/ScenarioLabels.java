package org.fixbench.cli.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fixbench.harness.results.BenchmarkResult;

/**
 * A scenario's labels of one result, typed: the engine as the command line named it, the round, and what the
 * scenario saw in each measured run ({@link ScenarioKeys#SCENARIO_RUNS}), read in one place ({@link #of}). A
 * scenario's own keys inside each run's entry stay its table's.
 *
 * @param engineLabel the engine as the command line named it (profile and overrides), or null
 * @param engine the engine's name ({@link ResultLabels#ENGINE}), or null
 * @param name the result's name
 * @param round its round (from 1), or null when the result does not say
 * @param runs what the scenario saw in each measured run, one entry each, in order
 */
public record ScenarioLabels(String engineLabel, String engine, String name, Integer round, List<Map<?, ?>> runs) {
    /** The label naming the result's round. */
    public static final String ROUND = "round";

    public static ScenarioLabels of(BenchmarkResult r) {
        Map<String, Object> labels = r.labels();
        List<Map<?, ?>> runs = new ArrayList<>();
        if (labels.get(ScenarioKeys.SCENARIO_RUNS) instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof Map<?, ?> m) {
                    runs.add(m);
                }
            }
        }
        Object label = labels.get(ScenarioKeys.ENGINE_LABEL);
        Object engine = labels.get(ResultLabels.ENGINE);
        return new ScenarioLabels(label == null ? null : String.valueOf(label),
                engine == null ? null : String.valueOf(engine), r.name(),
                labels.get(ROUND) instanceof Number n ? n.intValue() : null, List.copyOf(runs));
    }

    /** How the scenario's tables name the engine: its label, else its name, else the result's. */
    public String engineOrName() {
        return engineLabel != null ? engineLabel : engine != null ? engine : name;
    }

    /** Its round; 1 when the result does not say (a result from before rounds were recorded). */
    public int roundOr1() {
        return round == null ? 1 : round;
    }

    /** Whether the result says it is round 1 (the round the scenarios draw). */
    public boolean isFirstRound() {
        return round != null && round == 1;
    }
}
