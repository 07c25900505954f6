package org.fixbench.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;

import org.fixbench.harness.api.HarnessException;
import org.fixbench.harness.results.Secrets;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** Entry point of {@code scripts/fixbench}. Bad input gets one line and exit status 2, never a stack trace. */
@Command(name = "fixbench", mixinStandardHelpOptions = true, version = "fixbench 0.1.0", scope = CommandLine.ScopeType.INHERIT,
        description = "FIX-engine comparison benchmark suite for the JVM.",
        subcommands = {CompareCommand.class, ScenarioCommand.class, KneeCommand.class, DiffCommand.class, ReportCommand.class, AnalyzeCommand.class, SettingsCommand.class, TuneCommand.class, IndexCommand.class, ServeCommand.class, CheckCommand.class, ExampleCommand.class,
                CalibrateCommand.class, ForkClientCommand.class, MemoryCommand.class})
public final class FixbenchCli implements Runnable {
    public static final int EXIT_FAILED_RUNS = org.fixbench.cli.options.ExitStatus.FAILED_RUNS;
    public static final int EXIT_BAD_INPUT = org.fixbench.cli.options.ExitStatus.BAD_INPUT;
    public static final int EXIT_ERROR = org.fixbench.cli.options.ExitStatus.ERROR;
    /** {@code diff} could not judge (too few runs for any verdict, or nothing in NEW): a gate must not pass on it. */
    public static final int EXIT_NOT_JUDGED = org.fixbench.cli.options.ExitStatus.NOT_JUDGED;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing command (try: fixbench --help)");
    }

    public static void main(String[] args) {
        // for the whole life of the process, shutdown hooks included
        System.setOut(Secrets.masking(System.out));
        System.setErr(Secrets.masking(System.err));
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /**
     * Runs one command. What it prints, on {@code out}, {@code err} and the process's own streams, never holds a
     * secret it was given ({@link Secrets}): each is shown as ***.
     */
    public static int execute(String[] args, PrintWriter givenOut, PrintWriter givenErr) {
        PrintStream wasOut = System.out;
        PrintStream wasErr = System.err;
        System.setOut(Secrets.masking(wasOut));
        System.setErr(Secrets.masking(wasErr));
        PrintWriter out = new PrintWriter(Secrets.masking(givenOut), true);
        PrintWriter err = new PrintWriter(Secrets.masking(givenErr), true);
        try {
            return run(args, out, err);
        } finally {
            out.flush();
            err.flush();
            System.out.flush();
            System.err.flush();
            System.setOut(wasOut);
            System.setErr(wasErr);
        }
    }

    private static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new FixbenchCli());
        ScenarioCommand.addScenarioOptions(cli.getSubcommands().get("scenario"));
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("fixbench: " + e.getMessage());
            return EXIT_BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof IllegalArgumentException) {
                err.println("fixbench: " + e.getMessage());
                return EXIT_BAD_INPUT;
            }
            if (e instanceof HarnessException) {
                err.println("fixbench: " + e.getMessage());
                return EXIT_ERROR;
            }
            err.println("fixbench: unexpected error: " + e);
            if (Boolean.getBoolean("fixbench.debug")) {
                e.printStackTrace(err);
            } else {
                err.println("(run with -Dfixbench.debug=true, or FIXBENCH_DEBUG=1 in scripts/fixbench, for the stack trace)");
            }
            return EXIT_ERROR;
        });
        return cli.execute(args);
    }

    /** The suite's checkout: where {@code results/} and {@code fix-configs/} live. */
    public static Path home() {
        return org.fixbench.cli.options.Home.path();
    }
}
