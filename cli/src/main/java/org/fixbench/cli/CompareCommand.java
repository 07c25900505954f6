package org.fixbench.cli;

import org.fixbench.cli.flow.Comparison;
import org.fixbench.cli.options.Durations;
import org.fixbench.cli.options.RunOptions;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Engines side by side at each rate: the suite's main job. */
@Command(name = "compare", description = "Run engines side by side at each rate and write report.md.")
final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec commandSpec;

    @Mixin
    RunOptions options;

    @Option(names = "--engines", paramLabel = "ENGINE[:PROFILE],...",
            description = "engines to compare (default: every engine's comparison profiles, tcp first)")
    String engines;

    @Option(names = "--rates", paramLabel = "RATE,...", description = "msgs/s (default: ${DEFAULT-VALUE})")
    String rates = "2000,10000,50000";

    @Option(names = "--bind", paramLabel = "ADDRESS", description = "address servers bind to (default: loopback)")
    String bind;

    @Option(names = "--knee", paramLabel = "PERCENTILE=DURATION",
            description = "also find each engine's highest rate within this SLO (1,000-200,000/s, 6 steps at most)")
    String knee;

    @Option(names = "--interleave", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "go round by round (the default): in each round every engine x rate does one run (own "
                    + "warm-up, fresh engine pair), so drift of the machine lands on every engine alike; "
                    + "--no-interleave runs each benchmark's runs together after one warm-up")
    boolean interleave = true;

    @Option(names = "--harness-floor", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "first measure the harness's own floor, an empty task for 1 s at each rate (the default; "
                    + "the report's Environment gives it); --no-harness-floor skips it, 1.5 s and more, and the "
                    + "report says it was not measured")
    boolean harnessFloor = true;

    @Option(names = "--seed", paramLabel = "N",
            description = "seed of the interleaved run order (default: drawn from the clock; recorded either way)")
    Long seed;

    @Option(names = "--pairs", paramLabel = "CLIENT/SERVER,...", description = "any FIX engine's client against any "
            + "FIX engine's server, e.g. quickfixj/sbe,sbe/quickfixj,artio/philadelphia (each side ENGINE[:PROFILE]); "
            + "tabulated as a matrix per rate; raw TCP pairs only with itself")
    String pairs;

    @Option(names = "--server", paramLabel = "HOST:PORT", description = "drive a server started elsewhere with "
            + "`fixbench serve` (one engine; its legs are not measured: no common clock)")
    String server;

    @Option(names = "--cluster", paramLabel = "FILE", description = "run across hosts: the server on the file's server "
            + "host, a client JVM on each client host, each at its share of every rate and of the sessions, started "
            + "together; their results merged (docs/GUIDE.md, \"Load from several hosts\")")
    java.nio.file.Path cluster;

    @Option(names = "--identities", hidden = true, paramLabel = "FIRST/TOTAL",
            description = "(a client host's part of --cluster) its sessions are identities FIRST... of TOTAL")
    String identities;

    @Option(names = "--gate-dir", hidden = true, paramLabel = "DIR",
            description = "(a client host's part of --cluster) each run waits for a go in DIR")
    java.nio.file.Path gateDir;

    @Option(names = "--connect-timeout", converter = Durations.class, paramLabel = "DURATION",
            description = "time allowed to connect and log on (default: 10s)")
    long connectTimeoutNanos = 10_000_000_000L;

    @Option(names = "--reset-sequence-numbers", description = "engines whose sessions keep their sequence numbers "
            + "between connections (external with resetSeqNumFlag=N): forget them first, so that the first Logon "
            + "starts at 1 (the gateway's new day)")
    boolean resetSequenceNumbers;

    @Override
    public Integer call() throws IOException {
        if (resetSequenceNumbers && engines != null) {
            for (org.fixbench.engine.EngineSpec spec : org.fixbench.engine.EngineSpec.parseList(engines)) {
                spec.engine().startSequenceNumbersAgain(spec.profileFile()).forEach(System.out::println);
            }
        }
        Comparison comparison = new Comparison();
        comparison.options = options;
        comparison.engines = engines;
        comparison.rates = rates;
        comparison.bind = bind;
        comparison.knee = knee;
        comparison.interleave = interleave;
        comparison.harnessFloor = harnessFloor;
        comparison.seed = seed;
        comparison.pairs = pairs;
        comparison.server = server;
        comparison.cluster = cluster;
        comparison.identities = identities;
        comparison.gateDir = gateDir;
        comparison.connectTimeoutNanos = connectTimeoutNanos;
        List<String> args = commandSpec.commandLine().getParseResult().originalArgs();
        comparison.commandLine = "scripts/fixbench " + String.join(" ", args);
        comparison.err = commandSpec.commandLine().getErr();
        comparison.originalArgs = args;
        comparison.sessionsGiven = commandSpec.commandLine().getParseResult().hasMatchedOption("--sessions");
        return comparison.run();
    }
}
