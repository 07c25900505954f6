package org.fixbench.cli;

import org.fixbench.cli.options.Hosts;
import java.time.Duration;
import java.util.concurrent.Callable;

import org.fixbench.engine.EngineSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fixbench check}: one order against an external engine's acceptor, every message printed field by field. */
@Command(name = "check", description = "Log on to a FIX acceptor described by an engine file (external:NAME or "
        + "external:path/to/file.properties), send one order, print every message both ways field by field (the "
        + "Logon's answer, reports, rejects, the Logout's Text), log out, and say whether a benchmark can run "
        + "(exit 0) or why not (exit 1). The acceptor is started by the file's command unless it runs at the file's "
        + "address or at --server")
final class CheckCommand implements Callable<Integer> {
    @Option(names = "--engine", required = true, paramLabel = "external:NAME|external:FILE")
    String engine;

    @Option(names = "--server", paramLabel = "HOST:PORT", description = "the acceptor runs there (nothing is started)")
    String server;

    @Option(names = "--wait", converter = org.fixbench.cli.options.Durations.class, paramLabel = "DURATION",
            description = "how long to wait for the order's reports (default: 2s)")
    long waitNanos = 2_000_000_000L;

    @Option(names = "--reset-sequence-numbers", description = "with resetSeqNumFlag=N: forget the numbers kept "
            + "from earlier connections first, so that the Logon starts at 1 (the gateway's new day)")
    boolean resetSequenceNumbers;

    @Override
    public Integer call() throws Exception {
        EngineSpec spec = EngineSpec.parse(engine);
        if (!spec.engine().checks()) {
            throw new IllegalArgumentException("check takes an external engine (external:NAME or external:FILE), not "
                    + spec.engine().name() + ": the suite's own engines are checked by its tests");
        }
        if (resetSequenceNumbers) {
            spec.engine().startSequenceNumbersAgain(spec.profileFile()).forEach(System.out::println);
        }
        return spec.engine().check(spec.profileFile(), server == null ? null : Hosts.remote(server),
                Duration.ofNanos(waitNanos), System.out);
    }
}
