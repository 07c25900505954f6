package org.fixbench.cli;

import org.fixbench.cli.run.examples.CoExample;
import org.fixbench.cli.run.examples.InContextExample;
import org.fixbench.cli.run.examples.TcpThroughputExample;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "example", description = "The seed experiments, reproduced.",
        subcommands = {CoExample.class, InContextExample.class, TcpThroughputExample.class})
final class ExampleCommand implements Runnable {
    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this),
                "missing example name (co, in-context, tcp-throughput)");
    }
}
