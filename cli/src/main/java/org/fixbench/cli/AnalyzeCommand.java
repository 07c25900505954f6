package org.fixbench.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.fixbench.cli.results.EnginePairs;
import org.fixbench.cli.report.Charts;
import org.fixbench.cli.results.ForkVsInProcess;
import org.fixbench.cli.results.SessionsTable;
import org.fixbench.cli.results.SummaryFile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Analyses of results folders, on the reader every other command uses; Markdown on standard output. */
@Command(name = "analyze", description = "Analyses of results folders (Markdown on standard output)",
        subcommands = {AnalyzeCommand.Engines.class, AnalyzeCommand.ForkedAgainstInProcess.class,
                AnalyzeCommand.Sessions.class})
final class AnalyzeCommand implements Runnable {
    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing analysis (engines, "
                + "fork-vs-inprocess or sessions; try: fixbench analyze --help)");
    }

    @Command(name = "engines", description = "Two engines of interleaved comparisons against each other, round by "
            + "round: per rate, A − B at end-to-end p50, p90, p99 and server-processing p50, the median over rounds "
            + "with its distribution-free interval; several folders add their rounds")
    static final class Engines implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "A", description = "ENGINE:PROFILE (or CLIENT/SERVER)")
        String a;

        @Parameters(index = "1", paramLabel = "B", description = "ENGINE:PROFILE (or CLIENT/SERVER)")
        String b;

        @Parameters(index = "2..*", arity = "1..*", paramLabel = "RESULTS")
        List<Path> folders;

        @CommandLine.Option(names = "--legs", description = "the ledger: A − B per leg of the round trip at p50 "
                + "(send lateness, client → server, server processing, server → client) with each leg's share of "
                + "the round trip's difference")
        boolean legs;

        @Override
        public Integer call() {
            List<List<SummaryFile.Result>> read = new ArrayList<>();
            folders.forEach(f -> read.add(SummaryFile.load(f)));
            System.out.print(legs
                    ? EnginePairs.ledger(a, b, folders.size(), EnginePairs.compare(read, a, b, EnginePairs.LEGS))
                    : EnginePairs.markdown(a, b, folders.size(), EnginePairs.compare(read, a, b)));
            return 0;
        }
    }

    @Command(name = "fork-vs-inprocess", description = "The rounds scripts/fork-vs-inprocess.sh wrote: each engine's "
            + "overhead over raw TCP forked and in process, paired by round, and the first benchmark of a round")
    static final class ForkedAgainstInProcess implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "FOLDER")
        Path folder;

        @Override
        public Integer call() {
            System.out.print(ForkVsInProcess.markdown(folder));
            return 0;
        }
    }

    @Command(name = "sessions", description = "The sessions sweep (scripts/sessions.sh): per engine and rate, a row "
            + "per session count with p50, p99 and the worst session's p99")
    static final class Sessions implements Callable<Integer> {
        @Parameters(arity = "1..*", paramLabel = "RESULTS")
        List<Path> folders;

        @Option(names = "--charts", paramLabel = "DIR", description = "Also draw latency against "
                + "session count into DIR/charts/sessions.png, linked from the table as charts/sessions.png")
        Path charts;

        @Override
        public Integer call() throws IOException {
            List<SessionsTable.Row> rows = SessionsTable.rows(folders);
            List<String> links = List.of();
            if (charts != null) {
                Charts.saveSessionsChart(rows, charts.resolve("charts"), "sessions");
                links = List.of("charts/sessions.png");
            }
            System.out.print(SessionsTable.markdown(rows, links));
            return 0;
        }
    }
}
