package org.fixbench.cli;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

import org.fixbench.cli.options.Durations;
import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.scenario.Scenario;
import org.fixbench.cli.scenario.ScenarioRegistry;
import org.fixbench.cli.scenario.ScenarioRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * A scripted disturbance on top of the steady, coordinated-omission-corrected load, measured alike for every engine:
 * the scenario named (from {@link ScenarioRegistry}) checks its options and plans its rounds, {@link ScenarioRun} runs
 * them. Each scenario's own options are added to this command ({@link #addScenarioOptions}) and refused for the others.
 */
@Command(name = "scenario", description = "Disturb a steady load the same way for every engine and judge what each "
        + "did. --runs is the number of rounds.")
final class ScenarioCommand implements Callable<Integer> {
    /** Options every measuring command shares that a scenario does not honour: refused rather than ignored. */
    static final List<String> NOT_FOR_SCENARIO = List.of("--profile", "--fail-on", "--skip-first-run");

    /** Every scenario built, each holding the options it was given. */
    private final List<Scenario> scenarios = ScenarioRegistry.load();

    @Spec
    CommandSpec commandSpec;

    @Mixin
    RunOptions options;

    @Parameters(index = "0", paramLabel = "NAME", description = "the scenario (each is listed above)")
    String name;

    @Option(names = "--engines", paramLabel = "ENGINE[:PROFILE],...",
            description = "engines (default: the scenario's own; most use " + Scenario.DEFAULT_ENGINES + ": the "
                    + "relay needs a CPU, so profiles that wait without spinning where an engine has one)")
    String engines;

    @Option(names = "--rates", paramLabel = "RATE,...", description = "msgs/s, all sessions together (default: "
            + "${DEFAULT-VALUE})")
    String rates = "2000";

    @Option(names = "--connect-timeout", converter = Durations.class, paramLabel = "DURATION",
            description = "time allowed to connect and log on (default: 10s)")
    long connectTimeoutNanos = 10_000_000_000L;

    /**
     * Adds each scenario's own options to the {@code scenario} command and its line to the command's help: called
     * once the command line is made, before it parses.
     */
    static void addScenarioOptions(CommandLine scenarioCommand) {
        ScenarioCommand command = scenarioCommand.getCommand();
        CommandSpec spec = scenarioCommand.getCommandSpec();
        StringBuilder help = new StringBuilder(String.join(" ", spec.usageMessage().description()));
        for (Scenario scenario : command.scenarios) {
            help.append(" ").append(scenario.summary()).append(".");
            if (scenario.options() != null) {
                spec.addMixin(scenario.name(), CommandSpec.forAnnotatedObject(scenario.options()));
            }
        }
        spec.usageMessage().description(help.toString());
    }

    @Override
    public Integer call() throws IOException {
        Scenario scenario = ScenarioRegistry.named(scenarios, name);
        for (String notHere : NOT_FOR_SCENARIO) {
            if (given(notHere)) {
                throw new IllegalArgumentException(notHere + " is not for scenario (each round's runs are "
                        + "judged by the scenario's own rule)");
            }
        }
        Map<String, String> onlyFor = new TreeMap<>();
        for (Scenario other : scenarios) {
            if (other.options() != null) {
                for (OptionSpec option : CommandSpec.forAnnotatedObject(other.options()).options()) {
                    onlyFor.put(option.longestName(), other.name());
                }
            }
        }
        for (Map.Entry<String, String> only : onlyFor.entrySet()) {
            if (!only.getValue().equals(name) && given(only.getKey())) {
                throw new IllegalArgumentException(only.getKey() + " is for scenario " + only.getValue() + ", not "
                        + name);
            }
        }
        if (!options.forks()) {
            throw new IllegalArgumentException("scenario runs each engine's server and client in processes of their "
                    + "own: --fork none is not for it");
        }
        Scenario.Rounds rounds = scenario.plan(new Scenario.Request(options, engines, rates, this::given));
        String command = "scripts/fixbench " + String.join(" ",
                commandSpec.commandLine().getParseResult().originalArgs());
        return ScenarioRun.run(scenario, rounds, options, command, connectTimeoutNanos);
    }

    private boolean given(String option) {
        return commandSpec != null && commandSpec.commandLine().getParseResult().hasMatchedOption(option);
    }
}
