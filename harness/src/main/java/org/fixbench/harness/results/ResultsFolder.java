package org.fixbench.harness.results;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.stream.Stream;

import org.fixbench.harness.api.HarnessException;
import org.fixbench.harness.machine.Machine;

/**
 * Creates the folder a benchmark writes into, never reusing one that holds anything: results are never
 * overwritten. A named folder must be new or empty; a default folder is {@code <base>/<UTC timestamp>-<host>},
 * suffixed {@code -2}, {@code -3}, … if that name is taken.
 */
public final class ResultsFolder {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private ResultsFolder() {
    }

    /**
     * @throws HarnessException with a one-line message when the folder exists with content, or cannot be made
     */
    public static Path createNamed(Path folder) {
        try {
            if (Files.isDirectory(folder)) {
                try (Stream<Path> entries = Files.list(folder)) {
                    if (entries.findAny().isPresent()) {
                        throw new HarnessException("output folder " + folder
                                + " is not empty; results are never overwritten: choose a new folder");
                    }
                }
                if (!Files.isWritable(folder)) {
                    throw new HarnessException("output folder " + folder + " is not writable");
                }
                return folder;
            }
            if (Files.exists(folder)) {
                throw new HarnessException("output path " + folder + " exists and is not a folder");
            }
            Files.createDirectories(folder);
            probeWritable(folder);
            return folder;
        } catch (AccessDeniedException e) {
            throw new HarnessException("cannot create output folder " + folder + ": permission denied");
        } catch (IOException e) {
            throw new HarnessException("cannot create output folder " + folder + ": " + reason(e));
        }
    }

    static String reason(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "a parent folder does not exist";
        }
        if (e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage());
    }

    public static Path createDefault(Path base, Instant now) {
        String stem = STAMP.format(now) + "-" + Machine.hostName();
        try {
            Files.createDirectories(base);
        } catch (IOException e) {
            throw new HarnessException("cannot create results folder " + base + ": " + reason(e));
        }
        for (int attempt = 1; attempt < 1000; attempt++) {
            Path candidate = base.resolve(attempt == 1 ? stem : stem + "-" + attempt);
            try {
                Files.createDirectory(candidate);
                return candidate;
            } catch (FileAlreadyExistsException e) {
                // taken: try the next suffix
            } catch (IOException e) {
                throw new HarnessException("cannot create results folder " + candidate + ": " + reason(e));
            }
        }
        throw new HarnessException("could not find a free results folder name under " + base);
    }

    private static void probeWritable(Path folder) throws IOException {
        Path probe = Files.createTempFile(folder, ".write-check", "");
        Files.delete(probe);
    }

}
