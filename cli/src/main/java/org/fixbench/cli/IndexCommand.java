package org.fixbench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.fixbench.cli.results.PublishedIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The index of a folder of published results, written as its README.md (it is made, not edited). */
@Command(name = "index", description = "Write FOLDER/README.md (default results/published): a row per results folder, "
        + "made from the folders (date, commit, CPU, engines, rates, run statuses, rules); --check: exit 1 if it is "
        + "not current")
final class IndexCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "FOLDER")
    Path folder;

    @Option(names = "--check", description = "do not write: exit 1 when README.md differs from the index")
    boolean check;

    @Override
    public Integer call() throws Exception {
        Path root = folder != null ? folder : FixbenchCli.home().resolve("results").resolve("published");
        String md = PublishedIndex.markdown(root);
        Path readme = root.resolve("README.md");
        boolean current = Files.isRegularFile(readme) && Files.readString(readme).equals(md);
        if (check) {
            System.out.println(current ? readme + " is current" : readme + " is not current: run scripts/fixbench index");
            return current ? 0 : FixbenchCli.EXIT_FAILED_RUNS;
        }
        // the index is made, not a result: it is replaced whole (written beside, then moved over)
        Path next = root.resolve(".README.md.next");
        Files.writeString(next, md);
        Files.move(next, readme, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        System.out.println("Index written to " + readme);
        return 0;
    }
}
