package org.fixbench.cli.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which folders of a published folder hold results: itself, its sub-folders, or theirs (a scenario's group). */
class PublishedIndexFoldersTest {
    @TempDir
    Path tmp;

    private Path results(Path folder) throws Exception {
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("environment.json"), "{}");
        return folder;
    }

    @Test
    void resultsAreFoundOneAndTwoLevelsDownNotThree() throws Exception {
        Path published = tmp.resolve("20261127-scenarios");
        Path burst = results(published.resolve("burst"));
        Path quiet = results(published.resolve("slow-consumer/10000"));
        Path other = results(published.resolve("slow-consumer/2000-abc"));
        results(published.resolve("deep/er/still"));
        Files.createDirectories(published.resolve("charts"));
        assertEquals(List.of(burst, quiet, other), PublishedIndex.resultFolders(published));
        assertEquals(List.of(quiet), PublishedIndex.resultFolders(quiet));
    }
}
