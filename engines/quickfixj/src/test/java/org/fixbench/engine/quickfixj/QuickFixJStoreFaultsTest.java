package org.fixbench.engine.quickfixj;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Path;

import org.fixbench.engine.EngineServer;
import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.TestTmpfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * quickfixj:file with its work folder on a file system mounted read-only: the server does not start, and says why in
 * one line naming the folder and the cause. On a tmpfs the test mounts read-only (root: CI runs as root).
 */
class QuickFixJStoreFaultsTest {
    @TempDir
    Path tmp;

    @Test
    void aFileStoreInAReadOnlyFolderFailsInOneLine() throws Exception {
        try (TestTmpfs mounted = TestTmpfs.mount(tmp.resolve("read-only"), "size=1m,ro")) {
            Path readOnly = mounted.folder();
            EngineSpec spec = EngineSpec.parse("quickfixj:file");
            EngineSetup setup = new EngineSetup(spec.profile(), spec.profileFile(), readOnly,
                    InetAddress.getLoopbackAddress(), ServerHooks.NONE, role -> { });
            Exception e = assertThrows(Exception.class, () -> {
                try (EngineServer server = spec.engine().server(setup)) {
                    server.start();
                }
            });
            System.out.println("refused: " + e);
            assertEquals("quickfixj: cannot make the folder of its store and log " + readOnly.resolve("quickfixj-server")
                    + ": Read-only file system", e.getMessage());
            assertFalse(String.valueOf(e.getMessage()).contains("\n"), "one line: " + e.getMessage());
        }
    }
}
