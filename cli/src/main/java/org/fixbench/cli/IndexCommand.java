package org.fixbench.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.fixbench.cli.report.ReferenceTable;
import org.fixbench.cli.results.PublishedIndex;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The index of a folder of published results, written as its README.md (it is made, not edited); for the default
 * folder, also the reference table on the project README's first screen ({@link ReferenceTable}).
 */
@Command(name = "index", description = "Write FOLDER/README.md (default results/published): a row per results folder, "
        + "made from the folders (date, commit, CPU, engines, rates, run statuses, rules); without FOLDER, also the "
        + "reference table in the project's README.md, made from the report it names; --check: exit 1 if either is "
        + "not current")
final class IndexCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "FOLDER")
    Path folder;

    @Option(names = "--check", description = "do not write: exit 1 when README.md differs from the index")
    boolean check;

    @Override
    public Integer call() throws Exception {
        Path root = folder != null ? folder : FixbenchCli.home().resolve("results").resolve("published");
        boolean current = write(root.resolve("README.md"), PublishedIndex.markdown(root));
        if (folder == null) {
            Path projectReadme = FixbenchCli.home().resolve("README.md");
            current &= write(projectReadme, ReferenceTable.refresh(Files.readString(projectReadme),
                    FixbenchCli.home()));
        }
        return check && !current ? FixbenchCli.EXIT_FAILED_RUNS : 0;
    }

    /** Writes {@code md} to {@code file} (or, with --check, only compares); true when the file already held it. */
    private boolean write(Path file, String md) throws java.io.IOException {
        boolean current = Files.isRegularFile(file) && Files.readString(file).equals(md);
        if (check) {
            System.out.println(current ? file + " is current" : file + " is not current: run scripts/fixbench index");
            return current;
        }
        // made, not a result: replaced whole (written beside, then moved over)
        Path next = file.resolveSibling("." + file.getFileName() + ".next");
        Files.writeString(next, md);
        Files.move(next, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        System.out.println("Written: " + file);
        return current;
    }
}
