package org.fixbench.engine.sbe;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.Properties;

import org.fixbench.engine.EngineSetup;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.ServerHooks;
import org.fixbench.engine.TestTmpfs;
import org.fixbench.engine.Workload;
import org.fixbench.fix.session.SessionConfig;
import org.fixbench.harness.api.HarnessException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store profile whose work folder is on a file system it may not write (mounted read-only) fails when the session's
 * record is made, in one line naming the engine, the store and the cause, as a full disk does (SessionRecordTest).
 * On a tmpfs the test mounts read-only (root: CI runs as root).
 */
class StoreFaultsTest {
    @TempDir
    Path tmp;

    @Test
    void aStoreInAReadOnlyFolderFailsInOneLine() throws Exception {
        try (TestTmpfs mounted = TestTmpfs.mount(tmp.resolve("read-only"), "size=1m,ro")) {
            Path readOnly = mounted.folder();
            EngineSpec spec = EngineSpec.parse("sbe:file");
            EngineSetup setup = new EngineSetup(spec.profile(), spec.profileFile(), readOnly,
                    InetAddress.getLoopbackAddress(), ServerHooks.NONE, role -> { });
            Properties p = setup.profileProperties();
            SessionConfig config = SessionConfig.of(p, Workload.SERVER_COMP_ID, Workload.CLIENT_COMP_ID, true);
            HarnessException e = assertThrows(HarnessException.class, () -> SbeEngine.record(setup, config));
            assertTrue(e.getMessage().startsWith("sbe: cannot open the store " + readOnly.resolve("sbe-store")),
                    e.getMessage());
            assertTrue(e.getMessage().contains("Read-only file system"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        }
    }
}
