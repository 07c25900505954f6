package org.fixbench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.fixbench.cli.run.SessionMemory;
import org.fixbench.engine.Directories;
import org.fixbench.engine.EngineSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Memory per FIX session, measured ({@link SessionMemory}). */
@Command(name = "memory", description = "Measure what each FIX session costs in memory: per engine, heap and Java "
        + "buffers in use with N sessions logged on (client and server in this JVM), and the cost per added session; "
        + "Markdown")
final class MemoryCommand implements Callable<Integer> {
    @Option(names = "--engines", split = ",", required = true, paramLabel = "ENGINE[:PROFILE]",
            description = "engines to measure, e.g. tcp:spin,sbe:tuned")
    List<String> engines;

    @Option(names = "--sessions", split = ",", paramLabel = "N", description = "session counts (default: 1,100)")
    List<Integer> sessions = new ArrayList<>(List.of(1, 100));

    @Override
    public Integer call() throws Exception {
        List<EngineSpec> specs = engines.stream().map(EngineSpec::parse).toList();
        List<Integer> counts = sessions.stream().distinct().sorted().toList();
        for (EngineSpec spec : specs) {
            for (int n : counts) {
                String refusal = spec.engine().sessionsRefusal(n);
                if (refusal != null) {
                    throw new IllegalArgumentException(refusal);
                }
            }
        }
        Path work = Files.createTempDirectory("fixbench-memory");
        try {
            System.out.print(SessionMemory.markdown(SessionMemory.measureAll(specs, counts, work, System.err)));
        } finally {
            Directories.deleteRecursively(work);
        }
        return 0;
    }
}
