package org.fixbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;

/**
 * A tmpfs a test mounts on a folder of its own, for a store's faults (a file system mounted read-only, one without
 * room), and unmounts, checked, when closed: a mount left behind outlives the test run. Mounting needs root (CI runs
 * as root); elsewhere the test is skipped, saying why.
 */
public final class TestTmpfs implements AutoCloseable {
    private final Path folder;

    private TestTmpfs(Path folder) {
        this.folder = folder;
    }

    /** Mounts a tmpfs on {@code folder} (made if missing) with {@code options}, e.g. "size=1m,ro". */
    public static TestTmpfs mount(Path folder, String options) throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "mounting a tmpfs needs root");
        Files.createDirectories(folder);
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", options, "tmpfs", folder.toString())
                .redirectErrorStream(true).start();
        String said = new String(mount.getInputStream().readAllBytes());
        assertEquals(0, mount.waitFor(), "mount -t tmpfs -o " + options + " " + folder + ": " + said);
        return new TestTmpfs(folder);
    }

    public Path folder() {
        return folder;
    }

    /** Unmounts it; a mount still busy (a file not yet closed) is waited for a little, then named. */
    @Override
    public void close() throws Exception {
        String said = "";
        for (int attempt = 1; attempt <= 20; attempt++) {
            Process umount = new ProcessBuilder("umount", folder.toString()).redirectErrorStream(true).start();
            said = new String(umount.getInputStream().readAllBytes()).trim();
            if (umount.waitFor() == 0) {
                return;
            }
            Thread.sleep(100);
        }
        assertEquals(null, said, "the test's tmpfs could not be unmounted: " + folder);
    }
}
